import type { hc, InferResponseType } from 'hono/client';
import type { LoginInput, SignupInput } from '#common/schemas/auth.ts';
import type { AppType } from '#worker/app.ts';
import { fetchJson } from '#client/lib/http.ts';

/** The worker's routes, for their answers' types only: the sign-in forms are islands and call them with fetchJson, not the typed client. */
type Routes = ReturnType<typeof hc<AppType>>['api'];

/** A route's successful answer (200 or 201). */
type Answer<Route> = InferResponseType<Route, 200 | 201>;

/** The calls of the sign-in and sign-up forms (the /login page, the login dialog). */
export const authApi = {
  login: (json: LoginInput) => fetchJson('/api/auth/login', { method: 'POST', json }) as Promise<Answer<Routes['auth']['login']['$post']>>,
  signup: (json: SignupInput) => fetchJson('/api/auth/signup', { method: 'POST', json }) as Promise<Answer<Routes['auth']['signup']['$post']>>,
  /** The invitation's public preview (who invited which address to what), for a visitor who is not signed in. */
  invitePreview: (token: string) =>
    fetchJson(`/api/invites/${encodeURIComponent(token)}/public`) as Promise<Answer<Routes['invites'][':token']['public']['$get']>>,
};
