import { z } from 'zod';

/**
 * Message keys of validation failures: `validation.<key>` in the phrases. Schemas carry keys,
 * never sentences; the server and the client translate them into the request's language.
 */
export function vkey(key: string): { error: string } {
  return { error: `validation.${key}` };
}

export const ZId = z.number().int().positive();
export type TId = z.infer<typeof ZId>;

export const ZTimestamp = z.string().describe('ISO 8601 date-time');

export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export const ZFieldErrors = z.record(z.string(), z.string());
export const ZValidationErrorData = z.object({ fieldErrors: ZFieldErrors });
export type TValidationErrorData = z.infer<typeof ZValidationErrorData>;

export const ZNull = z.null();
