import * as oidc from 'openid-client';

/**
 * The relying party of single sign-on, through openid-client (a certified RP library): the authorization
 * code flow with PKCE, state and nonce. Discovery is cached per issuer (not per request), with the issuer's signing
 * keys; a failed exchange forgets the issuer, so a provider that rotated its keys or endpoints is asked again.
 */
export interface SsoClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the browser's trip to the provider must bring back, kept server-side until the callback. */
export interface SsoChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
}

/** The provider's verified answer: the address it vouches for, when it says it verified it. */
export interface SsoIdentity {
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const loopbackHttp = (issuer: string) => new URL(issuer).protocol === 'http:';

interface Discovered {
  metadata: oidc.ServerMetadata;
  jwks: oidc.ExportedJWKSCache | undefined;
  at: number;
}

/**
 * `fetch` makes every request to the provider (discovery, token, userinfo, keys): the server's one that refuses
 * addresses in its own network (issuer-network.ts).
 */
export function oidcRelyingParty(fetch: oidc.CustomFetch, now: () => Date = () => new Date()) {
  const discovered = new Map<string, Promise<Discovered>>();

  const discover = (issuer: string): Promise<Discovered> => {
    const cached = discovered.get(issuer);
    if (cached) return cached;
    const options = { [oidc.customFetch]: fetch, ...(loopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}) };
    // The client is not needed to read the issuer's metadata; the real one is made per sign-in below.
    const found = oidc.discovery(new URL(issuer), 'discovery', undefined, undefined, options).then((config) => ({
      metadata: { ...config.serverMetadata() },
      jwks: undefined,
      at: now().getTime(),
    }));
    discovered.set(issuer, found);
    found.then(
      (entry) => setTimeout(() => discovered.get(issuer) === found && discovered.delete(issuer), Math.max(0, entry.at + DISCOVERY_TTL_MS - now().getTime())).unref(),
      () => discovered.delete(issuer),
    );
    return found;
  };

  const configure = async (client: SsoClient) => {
    const entry = await discover(client.issuer);
    const config = new oidc.Configuration(entry.metadata, client.clientId, client.clientSecret, oidc.ClientSecretBasic(client.clientSecret));
    config[oidc.customFetch] = fetch;
    if (loopbackHttp(client.issuer)) oidc.allowInsecureRequests(config);
    if (entry.jwks) oidc.setJwksCache(config, entry.jwks);
    return { config, entry };
  };

  return {
    /** The provider's authorization URL and the checks to keep for the callback. */
    async start(client: SsoClient, redirectUri: string): Promise<{ url: URL; checks: SsoChecks }> {
      const { config } = await configure(client);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const checks = { codeVerifier, state: oidc.randomState(), nonce: oidc.randomNonce(), redirectUri };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        // No login_hint: the address typed on the sign-in page goes no further than this hop.
        nonce: checks.nonce,
      });
      return { url, checks };
    },

    /** Exchanges the code (the provider's answer at `callbackUrl`) and checks the ID token: signature, issuer, audience, nonce. */
    async finish(client: SsoClient, callbackUrl: URL, checks: SsoChecks): Promise<SsoIdentity> {
      const { config, entry } = await configure(client);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        entry.jwks = oidc.getJwksCache(config) ?? entry.jwks;
        const idToken = tokens.claims();
        if (!idToken) return { email: null, emailVerified: false, name: null };
        // Providers that keep the ID token small put the address at the userinfo endpoint, for the same subject.
        const claims = typeof idToken.email === 'string' ? idToken : await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
        return {
          email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
          // Entra ID says it with its optional claim xms_edov (the domain's owner verified the address).
          emailVerified: claims.email_verified === true || claims.xms_edov === true,
          name: typeof claims.name === 'string' ? claims.name : null,
        };
      } catch (error) {
        discovered.delete(client.issuer);
        throw error;
      }
    },
  };
}

export type OidcRelyingParty = ReturnType<typeof oidcRelyingParty>;
