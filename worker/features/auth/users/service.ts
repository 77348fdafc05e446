import type { Locale } from '#common/i18n/locales.ts';
import type { Db } from '#worker/db/client.ts';
import * as repo from '#worker/features/auth/users/repo.ts';

/**
 * Other features' way to the accounts (the users table is auth's, decision 0026): query
 * fragments that name a user's field inside their own statements (`userField(media.uploadedBy,
 * 'name')`, one statement as before), and the few reads and writes they need. Imports no
 * feature, so that any feature may use it.
 */
export { isLiveUser, userField, userIdByEmail, type UserField, type UserRow } from '#worker/features/auth/users/repo.ts';

/**
 * The language to write to an address in (issue 28): that of the live account with the address,
 * else `fallback` (the best the caller knows: the sender's or the visitor's language).
 */
export async function localeForAddress(db: Db, email: string, fallback: Locale): Promise<Locale> {
  return (await repo.localeByEmail(db, email))?.locale ?? fallback;
}

/** A user's name, undefined without such a user. */
export async function userNameOf(db: Db, userId: string): Promise<string | undefined> {
  return (await repo.nameOf(db, userId))?.name;
}

/** The account behind an affiliate code. */
export function userByAffiliateCode(db: Db, code: string) {
  return repo.findByAffiliateCode(db, code);
}

/** A live account's affiliate code. */
export function affiliateCodeOf(db: Db, userId: string): Promise<string | undefined> {
  return repo.affiliateCodeOf(db, userId);
}

export function userExists(db: Db, userId: string): Promise<boolean> {
  return repo.userExists(db, userId);
}

/** The statement that changes a user's plan (billing batches it). Run `forgetUser(userId)` after it: cached sessions carry the plan. */
export function setPlanStatement(db: Db, userId: string, plan: repo.UserRow['plan']) {
  return repo.setPlan(db, userId, plan);
}

/** The admin area's queries of accounts (admin/users/service.ts): the list, one account, its sessions, and the conditional changes it batches with their audit entries. */
export { findUser, listUsers, liveSessionCount, setDisabled, setPlanIf, setRoleIf } from '#worker/features/auth/users/repo.ts';
