import type { Context } from 'hono';
import type { AppEnv, SessionUser } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { createMailer, type Mailer } from '#worker/lib/mailer.ts';

/** The signed-in user; only called behind `access('user')` or stricter. */
export function currentUser(c: Context<AppEnv>): SessionUser & { sessionId: string } {
  const user = c.get('user');
  const sessionId = c.get('sessionId');
  if (!user || !sessionId) throw new AppError('unauthenticated');
  return { ...user, sessionId };
}

type Vars = AppEnv['Variables'];

/** The project membership that `access({ project | media: role })` checked. */
export function currentMembership(c: { get(key: 'membership'): Vars['membership'] }): NonNullable<Vars['membership']> {
  const membership = c.get('membership');
  if (!membership) throw new AppError('not_found');
  return membership;
}

/** The media object that `access({ media: role })` found. */
export function currentMedia(c: { get(key: 'media'): Vars['media'] }): NonNullable<Vars['media']> {
  const media = c.get('media');
  if (!media) throw new AppError('not_found');
  return media;
}

export function mailerFor(c: Context<AppEnv>): Mailer {
  return createMailer(c.get('db'), c.env);
}

/** Runs work after the response when the runtime allows it (waitUntil), else inline. */
export async function afterResponse(c: Context, work: Promise<unknown>): Promise<void> {
  let waitUntil: ((promise: Promise<unknown>) => void) | undefined;
  try {
    const ctx = c.executionCtx;
    waitUntil = ctx.waitUntil.bind(ctx);
  } catch {
    waitUntil = undefined;
  }
  if (waitUntil) waitUntil(work.catch((error: unknown) => console.error('background work failed', error)));
  else await work;
}

/** Puts an error's extra headers (Retry-After) on the response. */
export function applyHeaders(c: Context, headers: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
}

/** The creative that `access({ creative: role })` found. */
export function currentCreative(c: { get(key: 'creative'): Vars['creative'] }): NonNullable<Vars['creative']> {
  const creative = c.get('creative');
  if (!creative) throw new AppError('not_found');
  return creative;
}

/** The creation that `access({ creation: role })` found. */
export function currentCreation(c: { get(key: 'creation'): Vars['creation'] }): NonNullable<Vars['creation']> {
  const creation = c.get('creation');
  if (!creation) throw new AppError('not_found');
  return creation;
}
