import type { en as adminMessages } from '#common/locales/admin/en.ts';

/**
 * The system check of `/test` (PRODUCT.md §2): what it reports. `off` is an optional service
 * that is not configured (its local stand-in runs instead): neutral, not a failure. `warning`
 * works but must be changed before going live (example operator details): not a failure either.
 */
export type CheckStatus = 'ok' | 'failed' | 'off' | 'warning';

/** A message of the `admin` area that words a check (decision 0032). */
export type SystemMessageId = Extract<keyof typeof adminMessages, `admin.system.${'check' | 'detail'}.${string}`>;

export interface SystemCheck {
  id: string;
  label: string;
  status: CheckStatus;
  /** What was found, in words for the admin; never a secret or a part of one. */
  detail: string;
  /**
   * The label and the detail as messages of the `admin` area with the detail's values, for the
   * workspace to word in the reader's language; `label` and `detail` are their English.
   * Absent only in reports made before them: the workspace then shows the English.
   */
  labelId?: SystemMessageId;
  detailId?: SystemMessageId;
  values?: Record<string, string | number>;
  latencyMs: number;
}

export interface SystemReport {
  /** No check failed (warnings do not count). */
  ok: boolean;
  checks: SystemCheck[];
  build: { version: string; builtAt: string | null; compatibilityDate: string | null };
  migrations: { latestApplied: string | null; latestKnown: string | null; pending: string[]; unknown: string[] };
  checkedAt: string;
}
