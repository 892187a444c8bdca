/** Translation of codes and validation keys into the request's language. */
import { DefaultLanguage, isLanguage, LangCookie, LangHeader, type TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';

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
