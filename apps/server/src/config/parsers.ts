/**
 * The parsers of single settings: each reads one environment variable (a blank value is unset),
 * with its default, and says what is wrong in words of its own, never quoting the value.
 */
import { z } from 'zod';
import { KeyTextError, keyText, type TKeyKind } from '../lib/key-text';

/** A blank value reads as unset. */
export const blank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export function integer(min: number, max: number) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

export function int(fallback: number, min: number, max: number) {
  return z.preprocess(blank, integer(min, max).default(fallback));
}

export function ratio(fallback: number) {
  const error = 'must be a number from 0 to 1';
  return z.preprocess(
    blank,
    z.coerce.number({ error }).min(0, { error }).max(1, { error }).default(fallback),
  );
}

export const flag = z.stringbool({
  truthy: ['1', 'true', 'yes', 'on'],
  falsy: ['0', 'false', 'no', 'off'],
  case: 'insensitive',
  error: 'must be 1 or 0 (true/false, yes/no, on/off)',
});

export function bool(fallback: boolean) {
  return z.preprocess(blank, flag.default(fallback));
}

export const optionalBool = z.preprocess(blank, flag.optional());

export function oneOf<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z.preprocess(
    blank,
    z.enum(values, { error: `must be one of ${values.join(', ')}` }).default(fallback),
  );
}

export const text = z.preprocess(blank, z.string().optional());

export function textOr(fallback: string) {
  return z.preprocess(blank, z.string().default(fallback));
}

/**
 * A provider's API endpoint: a host name (`sms.tencentcloudapi.com`, https) or a full URL without
 * a path (`http://127.0.0.1:18111`, for tests and private endpoints); a trailing `/` is dropped.
 */
export function endpoint(fallback: string) {
  return z.preprocess(
    blank,
    z
      .string()
      .transform((value) => value.replace(/\/+$/, ''))
      .refine((value) => /^(https?:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(value), {
        error: 'must be a host name or an http:// or https:// address without a path',
      })
      .default(fallback),
  );
}

/** An http(s) address; a trailing `/` is dropped. */
export function url(protocols: readonly string[] = ['http', 'https']) {
  const error = `must be an absolute ${protocols.map((p) => `${p}://`).join(' or ')} address`;
  return z.preprocess(
    blank,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
          } catch {
            return false;
          }
        },
        { error },
      )
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  );
}

/** A comma-separated list, trimmed and lower-cased. */
export const list = z.preprocess(
  blank,
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    ),
);

/**
 * A credential: copied and pasted, so spaces or line breaks around it and control characters in it
 * are mistakes that would only show as a failed call much later.
 */
export const secret = z.preprocess(
  blank,
  z
    .string()
    .refine((value) => value === value.trim(), {
      error: 'has spaces or line breaks at its start or end (a copy-and-paste slip?)',
    })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), { error: 'contains control characters' })
    .optional(),
);

/** A connection address that may carry a password: its scheme is checked, its value never shown. */
export function secretUrl(protocols: readonly string[]) {
  const error = `must be a ${protocols.map((p) => `${p}://`).join(' or ')} address`;
  return z.preprocess(
    blank,
    z
      .string()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value.trim()).protocol.replace(/:$/, ''));
          } catch {
            return false;
          }
        },
        { error },
      )
      .optional(),
  );
}

/** A key as PEM text, a key file's path or bare base64 DER; answered as PEM text. */
export function key(kind: TKeyKind) {
  return z.preprocess(
    blank,
    z
      .string()
      .transform((value, ctx) => {
        try {
          return keyText(kind, value);
        } catch (error) {
          ctx.addIssue({
            code: 'custom',
            message: error instanceof KeyTextError ? error.message : `is not a readable ${kind} key`,
          });
          return z.NEVER;
        }
      })
      .optional(),
  );
}
