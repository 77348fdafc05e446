import * as z from 'zod/mini';
import type { PlanId } from '#common/plans.ts';
import { text } from '#common/schemas/fields.ts';

/**
 * API keys of a project (issue 31, decision 0040): what a key may do, what the workspace sends
 * to create one and what it reads back. The secret is `adl_` + 43 base64url characters (32
 * random bytes); only its first characters (`prefix`) are ever shown again.
 */
export const API_SCOPES = ['read', 'render', 'ads', 'leads'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_KEY_PREFIX = 'adl_';
/** The random part: 32 bytes as base64url, unpadded. */
export const API_KEY_SECRET_CHARS = 43;
/** Characters of the whole key shown in lists (`adl_` and the first 8 of the random part). */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 8;

/** How many live keys a project may hold, and with which scopes, by its owner's plan (PRODUCT.md plans table). */
export const API_KEY_PLAN_LIMITS: Readonly<Record<PlanId, { keys: number; scopes: readonly ApiScope[] }>> = {
  free: { keys: 1, scopes: ['read'] },
  pro: { keys: 20, scopes: API_SCOPES },
  agency: { keys: 20, scopes: API_SCOPES },
};

export const API_KEY_NAME_MAX = 60;

export const apiKeyCreateInput = z.object({
  name: text('Name the key.').check(z.trim(), z.minLength(1, 'Name the key.'), z.maxLength(API_KEY_NAME_MAX, `Use at most ${API_KEY_NAME_MAX} characters.`)),
  scopes: z.array(z.enum(API_SCOPES, 'Pick scopes from read, render, ads and leads.')).check(
    z.minLength(1, 'Pick at least one scope.'),
    z.maxLength(API_SCOPES.length, 'Pick each scope once.'),
    z.refine((scopes) => new Set(scopes).size === scopes.length, 'Pick each scope once.'),
  ),
});
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateInput>;

/** A key as the workspace lists it (never its secret). */
export interface ApiKeyItem {
  id: string;
  name: string;
  scopes: ApiScope[];
  /** The key's first characters, e.g. `adl_3hT9xQ2a`. */
  prefix: string;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
}

/** The answer to a create: the key, and its secret this once. */
export interface ApiKeyCreated extends ApiKeyItem {
  secret: string;
}

export interface ApiKeyList {
  items: ApiKeyItem[];
  plan: PlanId;
  /** The plan's limits for this project (the Free plan: one read-only key). */
  limit: { keys: number; scopes: ApiScope[] };
}
