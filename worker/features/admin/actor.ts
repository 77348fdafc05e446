import type { Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';

/** Who acts, and from which address (requestMeta(c).ip): both go into every audit entry of the admin area. */
export interface Admin {
  id: string;
  ip: string;
}

/** The admin and the address they act from. */
export const adminOf = (c: Context<AppEnv>): Admin => ({ id: required(c, 'user').id, ip: requestMeta(c).ip });
