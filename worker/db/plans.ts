import { sql, type SQL } from 'drizzle-orm';
import { PLANS, type Plan } from '#common/plans.ts';

/**
 * A plan's limit inside a statement: `CASE plan WHEN 'free' THEN … END` built from PLANS, the
 * one constants module, so that a conditional write checks the same numbers the UI shows.
 * Plans without that limit (`null`) and unknown plans give `otherwise`.
 */
export function planLimitSql(plan: SQL, limitOf: (plan: Plan) => number | null, otherwise: SQL = sql`NULL`): SQL {
  const limited = Object.values(PLANS).filter((p) => limitOf(p) !== null);
  if (limited.length === 0) return otherwise;
  return sql`(CASE ${plan} ${sql.join(
    limited.map((p) => sql`WHEN ${p.id} THEN ${limitOf(p)}`),
    sql` `,
  )} ELSE ${otherwise} END)`;
}
