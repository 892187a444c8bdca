/**
 * A SCIM `User` (RFC 7643 section 4.1) as the console's user (decision 0031): userName ↔ username
 * (the console's rules), displayName / name ↔ display name, the primary (or first) e-mail ↔ e-mail,
 * the primary (or first) phone ↔ phone when it fits the console's rules, title ↔ job title,
 * active ↔ enabled, externalId ↔ external id. What the console cannot keep is read and left.
 */
import { checkEmail, checkPhone } from '@console/contract/contact-rules';
import { Limits } from '@console/contract/limits';
import { checkUsername } from '@console/contract/rules';
import { scimError } from './scim-errors';

type TJson = Record<string, unknown>;

export type TUserInput = {
  username: string;
  displayName: string;
  email: string | null;
  phone: string | null;
  phoneCode: string;
  title: string | null;
  externalId: string | null;
  /** Absent: unchanged (created enabled). */
  active: boolean | undefined;
};

function field(object: unknown, name: string): unknown {
  if (!object || typeof object !== 'object' || Array.isArray(object)) return undefined;
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : (object as TJson)[key];
}

function text(value: unknown, name: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw scimError.invalidValue(`${name} must be a string`);
  }
  const v = String(value).trim();
  if (v.length > max) throw scimError.invalidValue(`${name} is longer than ${max} characters`);
  return v === '' ? null : v;
}

/** A SCIM boolean: true/false, or the strings "True"/"False" that Entra ID sends. */
export function scimBoolean(value: unknown, name: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
    return value.trim().toLowerCase() === 'true';
  throw scimError.invalidValue(`${name} must be true or false`);
}

/** The primary element of a multi-valued attribute, else the first. */
function primaryOf(value: unknown, name: string): TJson | null {
  if (value === undefined || value === null) return null;
  const list = Array.isArray(value) ? value : [value];
  const elements = list.filter((e): e is TJson => e !== null && typeof e === 'object' && !Array.isArray(e));
  if (elements.length !== list.length) throw scimError.invalidValue(`${name} must be a list of objects`);
  const withValue = elements.filter(
    (e) => field(e, 'value') !== undefined && field(e, 'value') !== null && field(e, 'value') !== '',
  );
  return (
    withValue.find((e) => field(e, 'primary') === true || field(e, 'primary') === 'True') ??
    withValue[0] ??
    null
  );
}

/** A mainland mobile number, with or without +86: the one phone form the console keeps from SCIM. */
function phoneOf(value: string | null): { phone: string; phoneCode: string } | null {
  if (!value) return null;
  const digits = value.replace(/[\s().-]/g, '');
  const match = /^(?:\+?86)?(1\d{10})$/.exec(digits);
  if (!match?.[1] || checkPhone(match[1], '86')) return null;
  return { phone: match[1], phoneCode: '86' };
}

/** The console user of a SCIM `User` representation (a POST or PUT body, or a patched resource). */
export function userInputOf(resource: unknown): TUserInput {
  if (!resource || typeof resource !== 'object' || Array.isArray(resource)) {
    throw scimError.invalidSyntax('The body must be a User object');
  }
  const rawName = field(resource, 'userName');
  if (typeof rawName !== 'string' || rawName.trim() === '') {
    throw scimError.invalidValue('userName is required');
  }
  const username = rawName.trim();
  if (checkUsername(username)) {
    throw scimError.invalidValue(
      `userName "${username.slice(0, 64)}" does not fit the console's username rule: it starts with a letter, then letters, digits or underscores, ${Limits.usernameMin} to ${Limits.usernameMax} characters. Map another attribute (for example mailNickname) to userName at the identity provider.`,
    );
  }
  const name = field(resource, 'name');
  const given = text(field(name, 'givenName'), 'name.givenName', 256);
  const family = text(field(name, 'familyName'), 'name.familyName', 256);
  const displayName =
    text(field(resource, 'displayName'), 'displayName', Limits.displayNameMax) ??
    text(field(name, 'formatted'), 'name.formatted', Limits.displayNameMax) ??
    text([given, family].filter(Boolean).join(' ') || null, 'name', Limits.displayNameMax) ??
    username;
  const email = text(field(primaryOf(field(resource, 'emails'), 'emails'), 'value'), 'emails.value', 254);
  if (email && checkEmail(email))
    throw scimError.invalidValue(`emails.value "${email}" is not an e-mail address`);
  const phone = phoneOf(
    text(
      field(primaryOf(field(resource, 'phoneNumbers'), 'phoneNumbers'), 'value'),
      'phoneNumbers.value',
      32,
    ),
  );
  const active = field(resource, 'active');
  return {
    username,
    displayName,
    email: email ? email.toLowerCase() : null,
    phone: phone?.phone ?? null,
    phoneCode: phone?.phoneCode ?? '86',
    title: text(field(resource, 'title'), 'title', Limits.jobTitleMax),
    externalId: text(field(resource, 'externalId'), 'externalId', 256),
    active: active === undefined || active === null ? undefined : scimBoolean(active, 'active'),
  };
}
