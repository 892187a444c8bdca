/**
 * Single sign-on (spec sections 1, 3 "SSO info", 5 "SSO URLs", 7 "SSO") and third-party binding
 * (section 7 "Third party"): the account's identity-provider configuration, the login page's
 * suitability lookup, and the redirects of the sign-in flows.
 */
import { z } from 'zod';
import { hasOpenidScope, isSsoUrl } from '../sso-rules';
import { vkey, ZTimestamp } from './common';

export const SsoProtocols = ['OIDC', 'SAML2'] as const;
export const ZSsoProtocol = z.enum(SsoProtocols, vkey('invalid'));
export type TSsoProtocol = z.infer<typeof ZSsoProtocol>;

/** Defaults of a new configuration. */
export const SsoDefaults = {
  scopes: 'openid profile email',
  usernameClaim: 'preferred_username',
  /** `nameID`: the SAML subject's NameID carries the username. */
  usernameAttribute: 'nameID',
} as const;

const ZSsoUrl = z.string().trim().max(512, vkey('ssoUrl')).refine(isSsoUrl, vkey('ssoUrl'));

const ZOptionalSsoUrl = z.union([z.literal(''), ZSsoUrl]);

const ZName = (max: number) => z.string().trim().min(1, vkey('required')).max(max, vkey('tooLong'));

/** OpenID Connect settings as stored; the client secret is never returned, only whether one is set. */
export const ZOidcSettings = z.object({
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  usernameClaim: z.string(),
});

export const ZSamlSettings = z.object({
  metadataUrl: z.string().nullable(),
  metadataXml: z.string().nullable(),
  /** The identity provider's entity id (the issuer its responses must carry). */
  idpEntityId: z.string(),
  /** The IdP's single sign-on endpoint, read from its metadata. */
  idpSsoUrl: z.string().nullable(),
  /** How many signing certificates the metadata listed. */
  idpCertificates: z.number().int(),
  usernameAttribute: z.string(),
  /** Accept a signed response instead of signed assertions (the SP metadata then says WantAssertionsSigned="false"). */
  acceptSignedResponse: z.boolean(),
  /** When the metadata URL was last read (at save or by the daily refresh); null for pasted XML. */
  metadataCheckedAt: ZTimestamp.nullable(),
  /** Why the last reading of the metadata URL failed (the metadata read before stays in use), or null. */
  metadataError: z.string().nullable(),
});

/** What this console is to the identity provider (shown on the configuration page). */
export const ZServiceProviderInfo = z.object({
  redirectUri: z.string(),
  entityId: z.string(),
  acsUrl: z.string(),
  metadataUrl: z.string(),
});

export const ZSsoConfig = z.object({
  /** False until an administrator saves a configuration. */
  isConfigured: z.boolean(),
  protocol: ZSsoProtocol,
  enabled: z.boolean(),
  supportAdminLogin: z.union([z.literal(0), z.literal(1)]),
  /** Creates an ordinary user at the first sign-in of an unknown username (off by default). */
  jitProvisioning: z.boolean(),
  oidc: ZOidcSettings.nullable(),
  saml: ZSamlSettings.nullable(),
  sp: ZServiceProviderInfo,
  updateTime: ZTimestamp.nullable(),
  updatedBy: z.string().nullable(),
});
export type TSsoConfig = z.infer<typeof ZSsoConfig>;

export const ZOidcSettingsInput = z.object({
  issuer: ZSsoUrl,
  clientId: ZName(256),
  /** Empty or absent keeps the stored secret. */
  clientSecret: z.string().max(1024, vkey('tooLong')).optional(),
  scopes: z
    .string()
    .trim()
    .max(256, vkey('tooLong'))
    .default(SsoDefaults.scopes)
    .refine(hasOpenidScope, vkey('ssoScopesOpenid')),
  usernameClaim: ZName(128).default(SsoDefaults.usernameClaim),
});

export const ZSamlSettingsInput = z
  .object({
    metadataUrl: ZOptionalSsoUrl.optional(),
    metadataXml: z.string().trim().max(200_000, vkey('tooLong')).optional(),
    idpEntityId: z.string().trim().max(512, vkey('tooLong')).optional(),
    usernameAttribute: ZName(128).default(SsoDefaults.usernameAttribute),
    /** Accept a signed response instead of signed assertions (default: assertions must be signed). */
    acceptSignedResponse: z.boolean().default(false),
  })
  .refine((value) => Boolean(value.metadataUrl || value.metadataXml), {
    ...vkey('ssoMetadataRequired'),
    path: ['metadataXml'],
  });

export const ZSaveSsoConfigRequest = z
  .object({
    protocol: ZSsoProtocol,
    enabled: z.boolean(),
    supportAdminLogin: z.union([z.literal(0), z.literal(1)]).default(1),
    jitProvisioning: z.boolean().default(false),
    oidc: ZOidcSettingsInput.optional(),
    saml: ZSamlSettingsInput.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.protocol === 'OIDC' && !value.oidc) {
      ctx.addIssue({ code: 'custom', path: ['oidc'], message: 'validation.required' });
    }
    if (value.protocol === 'SAML2' && !value.saml) {
      ctx.addIssue({ code: 'custom', path: ['saml'], message: 'validation.required' });
    }
  });
export type TSaveSsoConfigRequest = z.input<typeof ZSaveSsoConfigRequest>;

/** A test run of a (possibly unsaved) configuration: the URL to open in a popup. */
export const ZSsoTestStart = z.object({ redirectUrl: z.string() });

export const ZSsoSuiteQuery = z.object({
  accountName: z.string().trim().min(1, vkey('required')).max(64, vkey('tooLong')),
});

export const ZThirdPartyProviderRef = z.object({
  provider: z.string(),
  name: z.string(),
  loginUrl: z.string(),
});

/** Spec section 3 "SSO info", and the third-party sign-ins the account allows. */
export const ZSsoSuite = z.object({
  ssoSuitable: z.boolean(),
  supportAdminLogin: z.union([z.literal(0), z.literal(1)]),
  redirectUrl: z.string().nullable(),
  thirdParty: z.array(ZThirdPartyProviderRef),
  /** Users may sign in here with a passkey alone (issue 22). */
  passkeySignIn: z.boolean().optional(),
});
export type TSsoSuite = z.infer<typeof ZSsoSuite>;

/** Starts a sign-in at the identity provider (answers a redirect). */
export const ZSsoAuthenticationQuery = z.object({
  accountName: z.string().trim().min(1, vkey('required')).max(64, vkey('tooLong')),
  /** Where to go after success with the token appended; only hosts on the allow-list. */
  fallbackUrl: z.string().max(2048).optional(),
  /** The path of the console to open after success (same origin only). */
  redirect: z.string().max(2048).optional(),
});

export const ZOidcCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  iss: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  session_state: z.string().max(512).optional(),
});

export const ZSamlAcsBody = z.object({
  SAMLResponse: z.string().max(500_000),
  RelayState: z.string().max(256).optional(),
});

export const ZSamlMetadataQuery = z.object({
  accountName: z.string().trim().min(1, vkey('required')).max(64, vkey('tooLong')),
});

/** Third-party binding (spec section 7 "Third party"). */
export const ZThirdPartyBinding = z.object({
  provider: z.string(),
  name: z.string(),
  isBound: z.boolean(),
  externalName: z.string().nullable(),
  bindTime: ZTimestamp.nullable(),
});

export const ZUserBindingConfig = z.object({
  /** Whether the account lets its users sign in through a bound identity. */
  loginEnabled: z.boolean(),
  providers: z.array(ZThirdPartyBinding),
});
export type TUserBindingConfig = z.infer<typeof ZUserBindingConfig>;

export const ZThirdPartyProviderBody = z.object({
  provider: z.string().trim().min(1, vkey('required')).max(64, vkey('tooLong')),
});

export const ZThirdPartyBindQuery = ZThirdPartyProviderBody;

export const ZThirdPartyLoginQuery = z.object({
  provider: z.string().trim().min(1, vkey('required')).max(64, vkey('tooLong')),
  accountName: z.string().trim().min(1, vkey('required')).max(64, vkey('tooLong')),
  fallbackUrl: z.string().max(2048).optional(),
  redirect: z.string().max(2048).optional(),
});

export const ZThirdPartyLoginStatus = z.object({ enabled: z.boolean() });

export const ZThirdPartyCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});
