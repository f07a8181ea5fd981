import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Provider for tests: oidc-provider, certified, on 127.0.0.1 at a random port. Its users
 * are given by the test; its login page is a form asking for the user's login (no password: the provider is the
 * test's), and consent is given at once, as a district's provider does for its own app.
 */
export interface TestProviderUser {
  email: string;
  emailVerified?: boolean;
  name?: string;
}
export interface TestProviderClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const loginPage = (uid: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test district sign-in</title></head>
<body><main><h1>Test district sign-in</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label>Login <input name="login" autocomplete="username" required></label>
<button type="submit">Sign in to the district</button>
</form></main></body></html>`;

async function formBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** `emailInIdToken: false`: the address only at the userinfo endpoint, as providers with small ID tokens do. */
export async function startTestProvider(options: { users: Record<string, TestProviderUser>; clients: TestProviderClient[]; emailInIdToken?: boolean }) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  const provider = new Provider(issuer, {
    clients: options.clients.map(({ clientId, clientSecret, redirectUris }) => ({
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: redirectUris,
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-provider-cookies'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    conformIdTokenClaims: options.emailInIdToken === false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, accountId) => {
      const user = options.users[accountId];
      if (!user) return undefined;
      return { accountId, claims: () => ({ sub: accountId, email: user.email, email_verified: user.emailVerified ?? true, name: user.name ?? accountId }) };
    },
    // The district's own app: consent is given at once.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const providerCallback = provider.callback();

  let discoveries = 0;
  server.on('request', (req, res) => {
    if (req.url === '/.well-known/openid-configuration') discoveries++;
    const login = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
    if (!login) return void providerCallback(req, res);
    const answer = async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(loginPage(details.uid));
        return;
      }
      const accountId = (await formBody(req)).get('login') ?? '';
      if (!options.users[accountId]) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(loginPage(details.uid));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    };
    answer().catch(() => res.writeHead(400).end('Interaction failed'));
  });

  return {
    issuer,
    /** How many times the discovery document was read. */
    discoveries: () => discoveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type TestProvider = Awaited<ReturnType<typeof startTestProvider>>;
