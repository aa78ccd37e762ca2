/**
 * A real OpenID Connect provider for tests (`oidc-provider`, with its development login page, which
 * accepts any login). The login becomes the account: `siti@contoh.id` signs in as that email,
 * verified. Consent is implied for the one registered client. Loopback only; never for production.
 *
 *   npx tsx tests/stand-ins/oidc.ts --port 4334 --redirect http://localhost:4329/api/auth/callback/oidc
 */
import { parseArgs } from 'node:util';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

export const OIDC_CLIENT = { id: 'telaah-test', secret: 'telaah-test-secret-0123456789abcdef' };

export function createOidcProvider(port: number, redirectUris: string[]): Provider {
  const issuer = `http://127.0.0.1:${port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    // Put the scope's claims (email, name) in the ID token, as most providers (Google) do.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const email = sub.includes('@') ? sub.toLowerCase() : `${sub.toLowerCase()}@sso.test`;
      const name = email
        .split('@')[0]!
        .replace(/[._-]+/g, ' ')
        .replace(/\b\w/g, (c) => c.toUpperCase());
      return { accountId: sub, claims: async () => ({ sub, email, email_verified: true, name }) };
    },
    // First-party test client: grant the requested scopes without a consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = false;
  return provider;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, redirect: { type: 'string', multiple: true } } });
  const port = Number(values.port ?? 4334);
  const provider = createOidcProvider(port, values.redirect ?? [`http://localhost:4329/api/auth/callback/oidc`]);
  provider.listen(port, '127.0.0.1', () => console.log(`oidc stand-in listening on http://127.0.0.1:${port}`));
}
