/** Translation of codes and validation keys into the request's language. */
import { DefaultLanguage, isLanguage, LangCookie, LangHeader, type TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';

/** A phrase of the `errors` namespace given as a value: `{ key, params }` (lib/outbound-failure.ts). */
export type TPhraseRef = { key: string; params?: Record<string, unknown> };

export function isPhraseRef(value: unknown): value is TPhraseRef {
  const v = value as { key?: unknown; params?: unknown } | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.key === 'string' &&
    (v.params === undefined || (typeof v.params === 'object' && v.params !== null))
  );
}

/** The words of a phrase reference in the language (its key when the phrase is unknown). */
export function translatePhrase(lang: TLanguage, phrase: TPhraseRef): string {
  const table = serverPhrases[lang].errors as Record<string, string>;
  return interpolate(table[phrase.key] ?? phrase.key, phrase.params ?? {});
}

export function translateError(lang: TLanguage, key: string, params?: Record<string, unknown>): string {
  const table = serverPhrases[lang].errors as Record<string, string>;
  const text = table[key] ?? table['500'] ?? key;
  // A list of password character classes reads as words in the request's language.
  const types = params?.types;
  const values: Record<string, unknown> = Array.isArray(types)
    ? {
        ...params,
        types: types.map((type: string) => table[`charType${type}`] ?? type).join(table.charTypesJoin),
      }
    : { ...params };
  // A feature flag's or payment channel's name, in the request's language.
  const capital = (name: unknown) => String(name).replace(/^./, (c) => c.toUpperCase());
  if (typeof params?.feature === 'string') {
    values.feature = table[`feature${capital(params.feature)}`] ?? params.feature;
  }
  if (typeof params?.channel === 'string') {
    values.channel = table[`channel${capital(params.channel)}`] ?? params.channel;
  }
  // A list of usernames reads as a list in the request's language.
  if (Array.isArray(params?.names)) values.names = params.names.join(table.namesJoin);
  // A value that is a phrase itself (why a request failed: `{{detail}}`) is worded in the language.
  for (const [name, value] of Object.entries(values)) {
    if (isPhraseRef(value)) values[name] = translatePhrase(lang, value);
  }
  return interpolate(text, values);
}

/** `validation.someKey` (or a bare key) to its message; unknown keys fall back to the generic one. */
export function translateValidation(lang: TLanguage, key: string, params?: Record<string, unknown>): string {
  const table = serverPhrases[lang].validation as Record<string, string>;
  const bare = key.startsWith('validation.') ? key.slice('validation.'.length) : key;
  return interpolate(table[bare] ?? table.invalid ?? bare, params);
}

type TLangSource = {
  headers: Record<string, string | string[] | undefined>;
  cookies?: Record<string, string | undefined>;
};

/** The `cz-lang` header, then the `cz-lang` cookie, else zh-CN. */
export function languageOf(request: TLangSource): TLanguage {
  const header = request.headers[LangHeader];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (isLanguage(fromHeader)) return fromHeader;
  const fromCookie = request.cookies?.[LangCookie];
  if (isLanguage(fromCookie)) return fromCookie;
  return DefaultLanguage;
}
