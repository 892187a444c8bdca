import { SsoDefaults, type TSsoConfig, ZSaveSsoConfigRequest } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { spMetadataFileName } from './sp-metadata';
import {
  buildSsoPayload,
  checkSsoField,
  checkSsoForm,
  configToForm,
  formFieldOf,
  readSsoServerError,
  ssoFormDefaults,
  type TSsoFormValues,
} from './sso-form';

const sp = {
  redirectUri: 'https://console.example.com/api/portal/sso/oidc/callback',
  entityId: 'https://console.example.com/api/portal/sso/saml/metadata?accountName=demo',
  acsUrl: 'https://console.example.com/api/portal/sso/saml/acs',
  metadataUrl: 'https://console.example.com/api/portal/sso/saml/metadata?accountName=demo',
};

const empty: TSsoConfig = {
  isConfigured: false,
  protocol: 'OIDC',
  enabled: false,
  supportAdminLogin: 1,
  jitProvisioning: false,
  oidc: null,
  saml: null,
  sp,
  updateTime: null,
  updatedBy: null,
};

const oidcValues: TSsoFormValues = {
  ...configToForm(empty),
  enabled: true,
  issuer: ' https://idp.example.com/realms/demo ',
  clientId: ' console ',
  clientSecret: '',
};

const samlValues: TSsoFormValues = {
  ...configToForm(empty),
  protocol: 'SAML2',
  enabled: true,
  metadataUrl: 'https://idp.example.com/metadata',
};

const noSecret = { hasClientSecret: false };
const storedSecret = { hasClientSecret: true };

describe('the SSO form values', () => {
  it('uses the contract defaults for a new configuration', () => {
    expect(ssoFormDefaults).toEqual(SsoDefaults);
    expect(configToForm(empty)).toEqual({
      protocol: 'OIDC',
      enabled: false,
      supportAdminLogin: true,
      jitProvisioning: false,
      issuer: '',
      clientId: '',
      clientSecret: '',
      scopes: 'openid profile email',
      usernameClaim: 'preferred_username',
      metadataUrl: '',
      metadataXml: '',
      idpEntityId: '',
      usernameAttribute: 'nameID',
      acceptSignedResponse: false,
    });
  });

  it('shows a stored configuration, never a secret', () => {
    const values = configToForm({
      ...empty,
      isConfigured: true,
      protocol: 'SAML2',
      enabled: true,
      supportAdminLogin: 0,
      jitProvisioning: true,
      oidc: {
        issuer: 'https://idp',
        clientId: 'c',
        hasClientSecret: true,
        scopes: 'openid',
        usernameClaim: 'sub',
      },
      saml: {
        metadataUrl: null,
        metadataXml: '<EntityDescriptor/>',
        idpEntityId: 'urn:idp',
        idpSsoUrl: 'https://idp/sso',
        idpCertificates: 1,
        usernameAttribute: 'uid',
        acceptSignedResponse: true,
        metadataCheckedAt: null,
        metadataError: null,
      },
    });
    expect(values).toMatchObject({
      protocol: 'SAML2',
      enabled: true,
      supportAdminLogin: false,
      jitProvisioning: true,
      issuer: 'https://idp',
      clientSecret: '',
      scopes: 'openid',
      usernameClaim: 'sub',
      metadataUrl: '',
      metadataXml: '<EntityDescriptor/>',
      idpEntityId: 'urn:idp',
      usernameAttribute: 'uid',
      acceptSignedResponse: true,
    });
  });
});

describe('the SSO form rules', () => {
  it('accepts only http:// and https:// addresses (spec section 5)', () => {
    const issuer = (value: string) => checkSsoField('issuer', { ...oidcValues, issuer: value }, noSecret);
    expect(issuer('https://idp.example.com')).toBeNull();
    expect(issuer('http://10.0.0.5:8080/realms/a')).toBeNull();
    expect(issuer('HTTPS://IDP.EXAMPLE.COM/x')).toBeNull();
    expect(issuer('http://[::1]:8443/')).toBeNull();
    for (const bad of [
      'idp.example.com',
      'ftp://idp.example.com',
      'https://',
      'javascript:alert(1)',
      'https://a b',
    ]) {
      expect(issuer(bad), bad).toEqual({ key: 'ssoUrl' });
    }
    expect(issuer('  ')).toEqual({ key: 'required' });
    expect(issuer(`https://idp.example.com/${'a'.repeat(600)}`)).toEqual({
      key: 'tooLong',
      values: { maximum: 512 },
    });
    const metadataUrl = (value: string) =>
      checkSsoField('metadataUrl', { ...samlValues, metadataUrl: value }, noSecret);
    expect(metadataUrl('')).toBeNull();
    expect(metadataUrl('idp/metadata')).toEqual({ key: 'ssoUrl' });
  });

  it('requires openid among the scopes', () => {
    const scopes = (value: string) => checkSsoField('scopes', { ...oidcValues, scopes: value }, noSecret);
    expect(scopes('openid')).toBeNull();
    expect(scopes('  profile   openid email ')).toBeNull();
    expect(scopes('profile email')).toEqual({ key: 'ssoScopesOpenid' });
    expect(scopes('openidx profile')).toEqual({ key: 'ssoScopesOpenid' });
    expect(scopes('')).toEqual({ key: 'ssoScopesOpenid' });
  });

  it('requires a client secret only when none is stored', () => {
    expect(checkSsoField('clientSecret', oidcValues, noSecret)).toEqual({ key: 'required' });
    expect(checkSsoField('clientSecret', oidcValues, storedSecret)).toBeNull();
    expect(checkSsoField('clientSecret', { ...oidcValues, clientSecret: 's3cret' }, noSecret)).toBeNull();
  });

  it('requires the metadata URL or the metadata XML, one of them', () => {
    const both = { ...samlValues, metadataUrl: '', metadataXml: '' };
    expect(checkSsoForm(both, noSecret)).toEqual({ metadataXml: { key: 'ssoMetadataRequired' } });
    expect(checkSsoForm({ ...both, metadataXml: '<EntityDescriptor/>' }, noSecret)).toEqual({});
    expect(checkSsoForm(samlValues, noSecret)).toEqual({});
  });

  it('checks only the fields of the chosen protocol', () => {
    // The OpenID fields are empty, but SAML is chosen.
    expect(checkSsoForm({ ...samlValues, issuer: 'nope' }, noSecret)).toEqual({});
    expect(
      checkSsoForm(
        { ...oidcValues, issuer: '', clientId: '', usernameClaim: ' ', metadataUrl: 'x' },
        noSecret,
      ),
    ).toEqual({
      issuer: { key: 'required' },
      clientId: { key: 'required' },
      clientSecret: { key: 'required' },
      usernameClaim: { key: 'required' },
    });
    expect(checkSsoForm({ ...samlValues, usernameAttribute: '' }, noSecret)).toEqual({
      usernameAttribute: { key: 'required' },
    });
  });
});

describe('the SSO request body', () => {
  it('sends only the OpenID settings, trimmed, without an empty secret', () => {
    const body = buildSsoPayload({ ...oidcValues, scopes: ' openid   profile ', metadataUrl: 'https://x' });
    expect(body).toEqual({
      protocol: 'OIDC',
      enabled: true,
      supportAdminLogin: 1,
      jitProvisioning: false,
      oidc: {
        issuer: 'https://idp.example.com/realms/demo',
        clientId: 'console',
        scopes: 'openid profile',
        usernameClaim: 'preferred_username',
      },
    });
    expect(body).not.toHaveProperty('saml');
    expect(body.oidc).not.toHaveProperty('clientSecret');
    expect(buildSsoPayload({ ...oidcValues, clientSecret: '   ' }).oidc).not.toHaveProperty('clientSecret');
    expect(ZSaveSsoConfigRequest.safeParse(body).success).toBe(true);
  });

  it('sends a typed secret as typed', () => {
    expect(buildSsoPayload({ ...oidcValues, clientSecret: ' s3 cret ' }).oidc?.clientSecret).toBe(
      ' s3 cret ',
    );
  });

  it('sends only the SAML settings: the metadata URL when given, else the XML', () => {
    const body = buildSsoPayload({
      ...samlValues,
      supportAdminLogin: false,
      jitProvisioning: true,
      metadataXml: '<EntityDescriptor/>',
      issuer: 'https://idp',
      clientSecret: 'not sent',
    });
    expect(body).toEqual({
      protocol: 'SAML2',
      enabled: true,
      supportAdminLogin: 0,
      jitProvisioning: true,
      saml: {
        metadataUrl: 'https://idp.example.com/metadata',
        usernameAttribute: 'nameID',
        acceptSignedResponse: false,
      },
    });
    expect(body).not.toHaveProperty('oidc');
    expect(ZSaveSsoConfigRequest.safeParse(body).success).toBe(true);

    const byXml = buildSsoPayload({
      ...samlValues,
      metadataUrl: ' ',
      metadataXml: ' <EntityDescriptor/> ',
      idpEntityId: ' urn:idp ',
      acceptSignedResponse: true,
    });
    expect(byXml.saml).toEqual({
      metadataXml: '<EntityDescriptor/>',
      idpEntityId: 'urn:idp',
      usernameAttribute: 'nameID',
      acceptSignedResponse: true,
    });
    expect(ZSaveSsoConfigRequest.safeParse(byXml).success).toBe(true);
  });
});

describe('server errors of a save', () => {
  const apiError = (code: number, data: unknown, message = 'refused') =>
    new ApiError({ kind: code < 1000 ? 'http' : 'business', code, status: 200, path: '/x', message, data });

  it('maps field paths to the form fields', () => {
    expect(formFieldOf('oidc.issuer')).toBe('issuer');
    expect(formFieldOf('oidc.clientSecret')).toBe('clientSecret');
    expect(formFieldOf('saml.metadataXml')).toBe('metadataXml');
    expect(formFieldOf('saml.issuer')).toBeNull();
    expect(formFieldOf('oidc')).toBeNull();
    expect(formFieldOf('protocol')).toBeNull();
  });

  it('puts field errors on their fields and anything else in the message', () => {
    expect(
      readSsoServerError(
        apiError(400, { fieldErrors: { 'oidc.issuer': 'Bad URL', 'oidc.scopes': 'No openid' } }),
      ),
    ).toEqual({
      fields: [
        { field: 'issuer', message: 'Bad URL' },
        { field: 'scopes', message: 'No openid' },
      ],
      message: null,
      code: 400,
      isNetwork: false,
    });
    expect(readSsoServerError(apiError(400, { fieldErrors: { saml: 'validation.required' } }))).toMatchObject(
      {
        fields: [],
        message: 'validation.required',
      },
    );
    expect(
      readSsoServerError(apiError(4043, null, 'The identity provider could not be reached: timeout')),
    ).toEqual({
      fields: [],
      message: 'The identity provider could not be reached: timeout',
      code: 4043,
      isNetwork: false,
    });
    expect(
      readSsoServerError(new ApiError({ kind: 'network', code: 0, status: 0, path: '/x', message: 'x' })),
    ).toMatchObject({ isNetwork: true, message: null });
  });
});

describe('the SP metadata file', () => {
  it('is named after the account', () => {
    expect(spMetadataFileName(sp.metadataUrl, 'other')).toBe('sp-metadata-demo.xml');
    expect(spMetadataFileName('/api/portal/sso/saml/metadata', 'acme')).toBe('sp-metadata-acme.xml');
    expect(spMetadataFileName('/m?accountName=a%2Fb%20c', 'x')).toBe('sp-metadata-a_b_c.xml');
  });
});
