/**
 * The system check of `/test` (PRODUCT.md §2): what it reports. `off` is an optional service
 * that is not configured (its local stand-in runs instead): neutral, not a failure. `warning`
 * works but must be changed before going live (example operator details): not a failure either.
 */
export type CheckStatus = 'ok' | 'failed' | 'off' | 'warning';

export interface SystemCheck {
  id: string;
  label: string;
  status: CheckStatus;
  /** What was found, in words for the admin; never a secret or a part of one. */
  detail: string;
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
