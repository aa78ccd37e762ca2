/**
 * Auth.js (through auth-astro): sessions are JWT cookies; SSO is any OpenID Connect provider set by
 * OIDC_* variables. Password sign-in is handled by /sign-in (it needs 429s and Indonesian messages
 * that the credentials provider cannot give) and mints the same session cookie.
 */
import { defineConfig } from 'auth-astro';
import type { Provider } from '@auth/core/providers';
import { config } from './src/server/config';
import { authSecret, secureCookies } from './src/server/auth/secret';
import { endSessionById, openSession, SESSION_MAX_AGE } from './src/server/auth/session-rows';
import { getDb } from './src/server/db/client';
import { userForSso } from './src/server/services/accounts';

const c = config();

const providers: Provider[] =
  c.OIDC_ISSUER && c.OIDC_CLIENT_ID
    ? [
        {
          id: 'oidc',
          name: c.OIDC_NAME,
          type: 'oidc',
          issuer: c.OIDC_ISSUER,
          clientId: c.OIDC_CLIENT_ID,
          clientSecret: c.OIDC_CLIENT_SECRET,
          checks: ['pkce', 'state', 'nonce'],
        },
      ]
    : [];

export default defineConfig({
  // Read lazily, on the first request: the module is also loaded while building, with no secret.
  get secret() {
    return authSecret();
  },
  trustHost: true,
  get useSecureCookies() {
    return secureCookies();
  },
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE },
  pages: { signIn: '/sign-in', error: '/sso-callback' },
  providers,
  events: {
    // Auth.js's own POST /api/auth/signout only clears the cookie: end the server-side session too,
    // as the app's sign-out does, so that a copy of the cookie opens nothing afterwards.
    async signOut(message) {
      const sid = 'token' in message ? message.token?.sid : undefined;
      if (typeof sid === 'string') await endSessionById(await getDb(), sid);
    },
  },
  callbacks: {
    async signIn({ user, account, profile }) {
      if (!account || account.type !== 'oidc') return false;
      const member = await userForSso(await getDb(), account.provider, account.providerAccountId, {
        email: profile?.email,
        name: profile?.name,
        emailVerified: profile?.email_verified as boolean | undefined,
      });
      if (!member) return '/sso-callback?error=OAuthAccountNotLinked';
      // The JWT's subject becomes our user id rather than the provider's.
      user.id = member.id;
      user.name = member.name;
      user.email = member.email;
      return true;
    },
    async jwt({ token, user }) {
      // On sign-in only: the cookie names a server-side session, as a password sign-in's does.
      if (user?.id) {
        token.sub = user.id;
        token.sid = await openSession(await getDb(), user.id);
      }
      return token;
    },
    session({ session, token }) {
      return { ...session, userId: token.sub, sessionId: token.sid } as typeof session;
    },
    redirect({ url, baseUrl }) {
      // Same origin only: no open redirects through Auth.js either.
      if (url.startsWith('/') && !url.startsWith('//')) return `${baseUrl}${url}`;
      return new URL(url).origin === baseUrl ? url : baseUrl;
    },
  },
});
