/**
 * The single sign-on form (spec sections 5 "SSO URLs start with http:// or {host}" and 7 "SSO"):
 * its values from the stored configuration, the checks of each field, the request body (only the
 * chosen protocol's settings; an empty client secret keeps the stored one) and the server's field
 * errors mapped back to the fields.
 */
import { hasOpenidScope, isSsoUrl } from '@console/contract/sso-rules';
import type { TPhrases } from '@console/phrases';
import { asApiError } from '@/lib/code-errors';
import type { TSsoConfig } from '../api/get-sso-config';
import type { TSaveSsoConfigBody } from '../api/save-sso-config';

export type TSsoProtocol = TSsoConfig['protocol'];

/**
 * Defaults of a new configuration, as the contract's `SsoDefaults` (a unit test keeps them equal:
 * the contract's schema module is not loaded by the web app).
 */
export const ssoFormDefaults = {
  scopes: 'openid profile email',
  usernameClaim: 'preferred_username',
  usernameAttribute: 'nameID',
} as const;

/** Longest values the server accepts (the contract's schemas). */
export const ssoFieldMax = {
  issuer: 512,
  clientId: 256,
  clientSecret: 1024,
  scopes: 256,
  usernameClaim: 128,
  metadataUrl: 512,
  metadataXml: 200_000,
  idpEntityId: 512,
  usernameAttribute: 128,
} as const;

export type TSsoFormValues = {
  protocol: TSsoProtocol;
  enabled: boolean;
  /** supportAdminLogin 1 (true) or 0 (false). */
  supportAdminLogin: boolean;
  jitProvisioning: boolean;
  // OpenID Connect
  issuer: string;
  clientId: string;
  /** Empty keeps the stored secret. */
  clientSecret: string;
  scopes: string;
  usernameClaim: string;
  // SAML 2.0
  metadataUrl: string;
  metadataXml: string;
  idpEntityId: string;
  usernameAttribute: string;
  /** Accept a signed response instead of signed assertions (off: assertions must be signed). */
  acceptSignedResponse: boolean;
};

export type TSsoField = keyof typeof ssoFieldMax;

export const oidcFields = ['issuer', 'clientId', 'clientSecret', 'scopes', 'usernameClaim'] as const;
export const samlFields = ['metadataUrl', 'metadataXml', 'idpEntityId', 'usernameAttribute'] as const;

export function fieldsOf(protocol: TSsoProtocol): readonly TSsoField[] {
  return protocol === 'OIDC' ? oidcFields : samlFields;
}

/** Keys of the `validation` phrases naming what is wrong. */
export type TSsoErrorKey = Extract<
  keyof TPhrases['validation'],
  'required' | 'tooLong' | 'ssoUrl' | 'ssoScopesOpenid' | 'ssoMetadataRequired'
>;
export type TSsoFieldError = { key: TSsoErrorKey; values?: { maximum: number } };
export type TSsoFormErrors = Partial<Record<TSsoField, TSsoFieldError>>;

export type TSsoFormContext = {
  /** A client secret is stored: an empty one keeps it. */
  hasClientSecret: boolean;
};

/** The form showing a stored configuration (defaults where nothing is stored). */
export function configToForm(config: TSsoConfig): TSsoFormValues {
  return {
    protocol: config.protocol,
    enabled: config.enabled,
    supportAdminLogin: config.supportAdminLogin === 1,
    jitProvisioning: config.jitProvisioning,
    issuer: config.oidc?.issuer ?? '',
    clientId: config.oidc?.clientId ?? '',
    clientSecret: '',
    scopes: config.oidc?.scopes ?? ssoFormDefaults.scopes,
    usernameClaim: config.oidc?.usernameClaim ?? ssoFormDefaults.usernameClaim,
    metadataUrl: config.saml?.metadataUrl ?? '',
    metadataXml: config.saml?.metadataXml ?? '',
    idpEntityId: config.saml?.idpEntityId ?? '',
    usernameAttribute: config.saml?.usernameAttribute ?? ssoFormDefaults.usernameAttribute,
    acceptSignedResponse: config.saml?.acceptSignedResponse ?? false,
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** Scopes separated by single spaces. */
export function normalizeScopes(scopes: string): string {
  return text(scopes).split(/\s+/).filter(Boolean).join(' ');
}

function tooLong(field: TSsoField, value: string): TSsoFieldError | null {
  const maximum = ssoFieldMax[field];
  return value.length > maximum ? { key: 'tooLong', values: { maximum } } : null;
}

/** What is wrong with one field, or null. */
export function checkSsoField(
  field: TSsoField,
  values: TSsoFormValues,
  context: TSsoFormContext,
): TSsoFieldError | null {
  switch (field) {
    case 'issuer':
    case 'metadataUrl': {
      const value = text(values[field]);
      if (!value) return field === 'issuer' ? { key: 'required' } : null;
      return tooLong(field, value) ?? (isSsoUrl(value) ? null : { key: 'ssoUrl' });
    }
    case 'clientId':
    case 'usernameClaim':
    case 'usernameAttribute': {
      const value = text(values[field]);
      return value ? tooLong(field, value) : { key: 'required' };
    }
    case 'clientSecret': {
      const value = values.clientSecret ?? '';
      if (!value.trim()) return context.hasClientSecret ? null : { key: 'required' };
      return tooLong(field, value);
    }
    case 'scopes': {
      const value = normalizeScopes(values.scopes);
      return tooLong(field, value) ?? (hasOpenidScope(value) ? null : { key: 'ssoScopesOpenid' });
    }
    case 'metadataXml': {
      const value = text(values.metadataXml);
      if (!value && !text(values.metadataUrl)) return { key: 'ssoMetadataRequired' };
      return tooLong(field, value);
    }
    case 'idpEntityId':
      return tooLong(field, text(values.idpEntityId));
  }
}

/** What is wrong with the fields of the chosen protocol; empty when the form can be sent. */
export function checkSsoForm(values: TSsoFormValues, context: TSsoFormContext): TSsoFormErrors {
  const errors: TSsoFormErrors = {};
  for (const field of fieldsOf(values.protocol)) {
    const error = checkSsoField(field, values, context);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * The body of a save or a test: only the chosen protocol's settings; the client secret only when
 * one is typed (empty keeps the stored one); the metadata URL when given, else the pasted XML.
 */
export function buildSsoPayload(values: TSsoFormValues): TSaveSsoConfigBody {
  const common = {
    protocol: values.protocol,
    enabled: values.enabled,
    supportAdminLogin: values.supportAdminLogin ? 1 : 0,
    jitProvisioning: values.jitProvisioning,
  } as const;
  if (values.protocol === 'OIDC') {
    const secret = values.clientSecret ?? '';
    return {
      ...common,
      oidc: {
        issuer: text(values.issuer),
        clientId: text(values.clientId),
        ...(secret.trim() ? { clientSecret: secret } : {}),
        scopes: normalizeScopes(values.scopes),
        usernameClaim: text(values.usernameClaim),
      },
    };
  }
  const metadataUrl = text(values.metadataUrl);
  const idpEntityId = text(values.idpEntityId);
  return {
    ...common,
    saml: {
      ...(metadataUrl ? { metadataUrl } : { metadataXml: text(values.metadataXml) }),
      ...(idpEntityId ? { idpEntityId } : {}),
      usernameAttribute: text(values.usernameAttribute),
      acceptSignedResponse: values.acceptSignedResponse === true,
    },
  };
}

/** The form field of a server field error (`oidc.issuer` -> `issuer`), or null. */
export function formFieldOf(path: string): TSsoField | null {
  const [section, name] = path.split('.');
  if (section === 'oidc' && (oidcFields as readonly string[]).includes(name ?? '')) return name as TSsoField;
  if (section === 'saml' && (samlFields as readonly string[]).includes(name ?? '')) return name as TSsoField;
  return null;
}

export type TSsoServerError = {
  /** Field errors of a 400 that belong to a field of the form. */
  fields: { field: TSsoField; message: string }[];
  /** What to show above the form: the server's message (4043 names the reason), or null. */
  message: string | null;
  code: number | null;
  /** The server was not reached, or did not answer in time (the message is then null). */
  isNetwork: boolean;
};

/**
 * A failed save or test, for the page: field errors on their fields; the message of anything else
 * (e.g. 4043, the identity provider could not be read) in an alert.
 */
export function readSsoServerError(error: unknown): TSsoServerError {
  const api = asApiError(error);
  if (!api) {
    return {
      fields: [],
      message: error instanceof Error ? error.message : null,
      code: null,
      isNetwork: false,
    };
  }
  if (api.kind === 'network' || api.kind === 'timeout' || api.kind === 'aborted') {
    return { fields: [], message: null, code: null, isNetwork: true };
  }
  const fieldErrors = (api.data as { fieldErrors?: Record<string, string> } | null)?.fieldErrors ?? {};
  const fields: TSsoServerError['fields'] = [];
  const others: string[] = [];
  for (const [path, message] of Object.entries(fieldErrors)) {
    const field = formFieldOf(path);
    if (field) fields.push({ field, message });
    else others.push(message);
  }
  const message = fields.length > 0 && others.length === 0 ? null : (others[0] ?? (api.message || null));
  return { fields, message, code: api.code, isNetwork: false };
}
