import { z } from 'zod';
import { Limits } from '../limits';

/**
 * Message keys of validation failures: `validation.<key>` in the phrases. Schemas carry keys,
 * never sentences; the server and the client translate them into the request's language.
 */
export function vkey(key: string): { error: string } {
  return { error: `validation.${key}` };
}

export const ZId = z.number().int().positive();
export type TId = z.infer<typeof ZId>;

/** Query-string ids arrive as text. */
export const ZIdParam = z.coerce.number().int().positive();

export const ZTimestamp = z.string().describe('ISO 8601 date-time');

export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const ZFieldErrors = z.record(z.string(), z.string());
export const ZValidationErrorData = z.object({ fieldErrors: ZFieldErrors });
export type TValidationErrorData = z.infer<typeof ZValidationErrorData>;

export const ZEmpty = z.object({}).describe('No parameters');
export const ZNull = z.null();

export const ZPageQuery = z.object({
  pageNo: z.coerce
    .number()
    .int()
    .min(0)
    .transform((n) => Math.max(1, n))
    .default(1),
  pageSize: z.coerce.number().int().min(1).max(Limits.pageSizeMax).default(Limits.pageSizeDefault),
});

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}
