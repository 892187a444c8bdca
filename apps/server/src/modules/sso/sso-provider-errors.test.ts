/**
 * "Test connection" and "Save" of the SSO configuration say in words which host of the identity
 * provider could not be reached and why, in the request's language (4043's detail), for OpenID
 * discovery and SAML metadata URLs alike, against real local peers: a name that does not exist
 * (`.invalid`), a closed port, a server that never answers, an answer with another status, an
 * answer that is not the document, a discovery document of another issuer, a self-signed TLS
 * certificate.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  type AddressInfo,
  createServer as createNetServer,
  type Socket,
  type Server as TNetServer,
} from 'node:net';
import { resolve } from 'node:path';
import { ErrorCode } from '@console/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  envelope,
  seedAccount,
  signIn,
  type TSeededAccount,
  type TTestApp,
} from '../../../test/harness';

const prefix = {
  'en-US': 'The identity provider could not be reached or its configuration could not be read: ',
  'zh-CN': '无法访问身份提供方或无法读取其配置：',
};

let t: TTestApp;
let demo: TSeededAccount;
let adminToken: string;
/** A port nothing listens on (a server listened there, and closed). */
let closedPort: number;
/** A server that accepts connections and never answers. */
let silent: TNetServer;
const silentSockets: Socket[] = [];
/** A server that answers what the tests ask for. */
let web: Server;
/** An https server with a self-signed certificate. */
let tls: Server;
const portOf = (server: Server | TNetServer) => (server.address() as AddressInfo).port;

async function listen<T extends Server | TNetServer>(server: T): Promise<T> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

beforeAll(async () => {
  const closed = await listen(createNetServer());
  closedPort = portOf(closed);
  await new Promise<void>((done) => closed.close(() => done()));
  silent = await listen(createNetServer((socket) => silentSockets.push(socket)));
  web = await listen(
    createServer((req, res) => {
      if (req.url?.startsWith('/gone/')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      } else if (req.url?.startsWith('/portal/')) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome</body></html>');
      } else if (req.url === '/other/.well-known/openid-configuration') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            issuer: 'https://elsewhere.example/realm',
            authorization_endpoint: 'https://elsewhere.example/auth',
            token_endpoint: 'https://elsewhere.example/token',
            jwks_uri: 'https://elsewhere.example/jwks',
          }),
        );
      } else {
        res.writeHead(500).end();
      }
    }),
  );
  const fixtures = resolve(import.meta.dirname, '../../../test/fixtures/saml');
  tls = await listen(
    createHttpsServer(
      {
        key: readFileSync(resolve(fixtures, 'idp-key.pem')),
        cert: readFileSync(resolve(fixtures, 'idp-cert.pem')),
      },
      (_req, res) => res.end('{}'),
    ),
  );
  t = await createTestApp({ config: { publicUrl: 'http://console.test' } });
  demo = await seedAccount(t.deps, 'demo');
  adminToken = await signIn(t.app, 'demo', demo.admin);
});

afterAll(async () => {
  await t.close();
  for (const socket of silentSockets) socket.destroy();
  for (const server of [silent, web, tls]) {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
});

const oidc = (issuer: string) => ({
  protocol: 'OIDC',
  enabled: false,
  supportAdminLogin: 1,
  jitProvisioning: false,
  oidc: {
    issuer,
    clientId: 'console',
    clientSecret: 'client-secret-0123456789',
    scopes: 'openid profile',
    usernameClaim: 'sub',
  },
});
const saml = (metadataUrl: string) => ({
  protocol: 'SAML2',
  enabled: false,
  supportAdminLogin: 1,
  jitProvisioning: false,
  saml: { metadataUrl, usernameAttribute: 'nameID' },
});

type TLang = 'en-US' | 'zh-CN';

/** Test connection (or Save) of the form: answers the code and the message. */
async function attempt(
  body: Record<string, unknown>,
  lang: TLang = 'en-US',
  action: 'test' | 'save' = 'test',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: action === 'test' ? '/api/portal/sso/config/test' : '/api/portal/sso/config',
    headers: { ...bearer(adminToken), 'cz-lang': lang },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  const answer = envelope(res);
  expect(answer.code).toBe(ErrorCode.ssoProviderInvalid);
  // Nothing technical leaks into the words.
  expect(answer.message).not.toMatch(/fetch failed|ENOTFOUND|ECONNREFUSED|getaddrinfo|Error/);
  return answer.message;
}

describe('the identity provider could not be reached: which host, and why', () => {
  it('a host name that does not exist, in both languages, at test and at save', async () => {
    for (const body of [
      oidc('http://idp.nonexistent.invalid/realms/corp'),
      saml('https://idp.nonexistent.invalid/saml/metadata'),
    ]) {
      expect(await attempt(body)).toBe(
        `${prefix['en-US']}the host name idp.nonexistent.invalid does not exist (DNS has no entry for it). Check the address.`,
      );
      expect(await attempt(body, 'zh-CN', 'save')).toBe(
        `${prefix['zh-CN']}主机名 idp.nonexistent.invalid 不存在（DNS 中没有该名称的记录），请检查地址。`,
      );
    }
  });

  it('a port where nothing listens: the connection is refused', async () => {
    for (const body of [
      oidc(`http://127.0.0.1:${closedPort}/realms/corp`),
      saml(`http://127.0.0.1:${closedPort}/metadata`),
    ]) {
      expect(await attempt(body)).toBe(
        `${prefix['en-US']}127.0.0.1 refused the connection: nothing accepts connections on port ${closedPort}.`,
      );
      expect(await attempt(body, 'zh-CN')).toBe(
        `${prefix['zh-CN']}127.0.0.1 拒绝了连接：端口 ${closedPort} 上没有服务接受连接。`,
      );
    }
  });

  it('a server that never answers: OpenID discovery gives up after 10 seconds', {
    timeout: 60_000,
  }, async () => {
    expect(await attempt(oidc(`http://127.0.0.1:${portOf(silent)}/realms/corp`))).toBe(
      `${prefix['en-US']}127.0.0.1 did not answer within 10 seconds.`,
    );
  });

  it('a server that never answers: the SAML metadata URL gives up after 10 seconds', {
    timeout: 60_000,
  }, async () => {
    expect(await attempt(saml(`http://127.0.0.1:${portOf(silent)}/metadata`), 'zh-CN')).toBe(
      `${prefix['zh-CN']}127.0.0.1 在 10 秒内没有响应。`,
    );
  });

  it('a TLS certificate the server does not trust', async () => {
    const body = oidc(`https://127.0.0.1:${portOf(tls)}/realms/corp`);
    expect(await attempt(body)).toBe(
      `${prefix['en-US']}the TLS certificate of 127.0.0.1 is self-signed, so it is not trusted.`,
    );
    expect(await attempt(saml(`https://127.0.0.1:${portOf(tls)}/metadata`), 'zh-CN')).toBe(
      `${prefix['zh-CN']}127.0.0.1 的 TLS 证书是自签名证书，不受信任。`,
    );
  });
});

describe('the identity provider answered, but not what it should', () => {
  it('another HTTP status than 200', async () => {
    for (const body of [
      oidc(`http://127.0.0.1:${portOf(web)}/gone/realm`),
      saml(`http://127.0.0.1:${portOf(web)}/gone/metadata`),
    ]) {
      expect(await attempt(body)).toBe(`${prefix['en-US']}127.0.0.1 answered with HTTP status 404.`);
    }
  });

  it('a page that is not a discovery document, or not SAML metadata', async () => {
    expect(await attempt(oidc(`http://127.0.0.1:${portOf(web)}/portal/realm`))).toBe(
      `${prefix['en-US']}127.0.0.1 answered, but not with an OpenID Connect discovery document (/.well-known/openid-configuration of the issuer URL). Check the issuer URL.`,
    );
    expect(await attempt(saml(`http://127.0.0.1:${portOf(web)}/portal/metadata`), 'zh-CN')).toBe(
      `${prefix['zh-CN']}该文档不是身份提供方的 SAML 2.0 元数据（没有 IDPSSODescriptor）。`,
    );
  });

  it('a discovery document that names another issuer', async () => {
    expect(await attempt(oidc(`http://127.0.0.1:${portOf(web)}/other`))).toBe(
      `${prefix['en-US']}the discovery document of 127.0.0.1 names another issuer (https://elsewhere.example/realm). Enter the issuer URL exactly as the identity provider states it.`,
    );
  });
});
