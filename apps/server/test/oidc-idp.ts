/**
 * A real OpenID provider (`oidc-provider`) for the single sign-on and third-party tests, listening
 * on a free local port. `interactive: false` signs in `idp.nextUser` without a login page (server
 * tests drive the redirects with `driveAuthorization`); `interactive: true` shows the provider's
 * own login form (browser tests), where any password signs in the typed login.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no types.
// @ts-expect-error untyped module
import Provider from 'oidc-provider';

export type TOidcClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type TOidcIdp = {
  issuer: string;
  /** The username (`sub` and `preferred_username`) the next non-interactive sign-in gets. */
  nextUser: string;
  /** Extra claims of every account (e.g. `{ email_verified: true }`). */
  claims: Record<string, unknown>;
  close(): Promise<void>;
};

type TKoaContext = {
  path: string;
  req: unknown;
  res: unknown;
  oidc: {
    provider: { Grant: new (init: { clientId: string; accountId: string }) => TGrant };
    client: { clientId: string };
    session: { accountId: string };
  };
};
type TGrant = { addOIDCScope(scope: string): void; save(): Promise<string> };

export async function startOidcIdp(options: {
  clients: TOidcClient[];
  interactive?: boolean;
  port?: number;
}): Promise<TOidcIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const state: TOidcIdp = {
    issuer,
    nextUser: 'nobody',
    claims: {},
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    pkce: { required: () => true, methods: ['S256'] },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: options.interactive === true } },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        preferred_username: id,
        name: `User ${id}`,
        email: `${id}@idp.example.com`,
        email_verified: true,
        ...state.claims,
      }),
    }),
    // Consent is implied: the tests sign in, they do not test the provider's consent screen.
    loadExistingGrant: async (ctx: TKoaContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['test-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
  });
  provider.on('server_error', (_ctx: unknown, error: Error) => {
    console.error('oidc-provider server_error', error);
  });

  if (!options.interactive) {
    provider.use(async (ctx: TKoaContext, next: () => Promise<void>) => {
      if (ctx.path.startsWith('/interaction/')) {
        await provider.interactionFinished(
          ctx.req,
          ctx.res,
          { login: { accountId: state.nextUser } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      await next();
    });
  }

  server.on('request', provider.callback());
  return state;
}

/** A minimal cookie jar for following the provider's redirects without a browser. */
function createJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies.entries()].map(([k, v]) => `${k}=${v}`).join('; '),
    store: (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair?.indexOf('=') ?? -1;
        if (!pair || eq < 1) continue;
        cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
    },
  };
}

/**
 * Follows the provider's redirects from the authorization URL until it sends the browser back to
 * `redirectPrefix`; answers that URL (with `code` and `state`, or `error`).
 */
export async function driveAuthorization(authorizationUrl: string, redirectPrefix: string): Promise<string> {
  const jar = createJar();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectPrefix)) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    }
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}
