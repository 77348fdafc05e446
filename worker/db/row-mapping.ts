import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/**
 * drizzle's mapping of a D1 batch result to rows (`mapResult(result, true)`: `d1ToRawMapping`
 * then `mapResultRow` of drizzle-orm/utils.js), with what it decides per column on every row
 * (which decoder, whether the column nullifies a left-joined table, each an `is()` check up a
 * prototype chain) decided once, for a query built once (reads.ts `readOnce`). The same
 * values, the same nested objects, the same `null` for a left join without a row (decision
 * 0037: the mapping was a twentieth of the dashboard's CPU). Anything else (a relational
 * query's own mapper, a run, a `get`, no fields) is left to drizzle.
 */

/** What drizzle's prepared query has (drizzle-orm/d1/session.js `D1PreparedQuery`). */
export interface MappablePrepared {
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

interface PreparedFields {
  executeMethod?: string;
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface Plan {
  path: string[];
  decoder: Decoder;
  /** The joined table this column can nullify (a column of a joined table's object), else undefined. */
  table: string | undefined;
}

/** drizzle's SQL keeps its decoder (`mapWith`) internally. */
type Decoded = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/** How each of `prepared`'s rows becomes drizzle's object (a row as its values, in column order), or undefined where drizzle maps it itself. */
function rowMapper(prepared: MappablePrepared): ((row: unknown[]) => Record<string, unknown>) | undefined {
  const { executeMethod, fields, joinsNotNullableMap: joins, customResultMapper } = prepared as unknown as PreparedFields;
  if (executeMethod !== 'all' || !fields || customResultMapper) return undefined;
  const plans: Plan[] = fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    table: joins && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
  }));
  return (row) => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> = {};
    for (let i = 0; i < plans.length; i += 1) {
      const { path, decoder, table } = plans[i]!;
      let node = result;
      for (let j = 0; j < path.length - 1; j += 1) {
        const chunk = path[j]!;
        if (!(chunk in node)) node[chunk] = {};
        node = node[chunk] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw));
      if (table !== undefined) {
        const object = path[0]!;
        if (!(object in nullify)) nullify[object] = value === null ? table : false;
        else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
      }
    }
    if (joins) for (const [object, table] of Object.entries(nullify)) if (typeof table === 'string' && !joins[table]) result[object] = null;
    return result;
  };
}

/** A mapper of `prepared`'s batch results, the same as `prepared.mapResult(result, true)`. */
export function batchResultMapper(prepared: MappablePrepared): (result: unknown) => unknown {
  const mapRow = rowMapper(prepared);
  if (!mapRow) return (result) => prepared.mapResult(result, true);
  return (result) => (result as { results: Record<string, unknown>[] }).results.map((row) => mapRow(Object.values(row)));
}

/** The column of a statement read as JSON rows (`asJsonRows`). */
const JSON_ROWS = 'json_rows';

/**
 * A SELECT of drizzle's as one JSON value, and the mapper of its batch result to the rows
 * `batchResultMapper` gives (decision 0037): every row as an array of its values, all rows in
 * one array, so D1 answers one row of one text, not an object per row, and `JSON.parse` (native)
 * makes the values. The query's columns are named by position (`c0, c1, …`: no two alike),
 * its order kept (an aggregate other than count/min/max keeps a subquery's ORDER BY). The
 * values are those D1 answers: integers and reals as numbers (17 digits), text as text (JSON
 * kept as its text: a CTE's column carries no JSON subtype), null. Undefined for what it
 * cannot carry: not a SELECT of fields drizzle maps by row, or a blob column.
 */
export function asJsonRows(prepared: MappablePrepared, sql: string): { text: string; mapper: (result: unknown) => unknown } | undefined {
  const mapRow = rowMapper(prepared);
  const { fields } = prepared as unknown as PreparedFields;
  if (!mapRow || !fields || !/^\s*select\b/i.test(sql)) return undefined;
  if (fields.some(({ field }) => is(field, Column) && /blob/i.test(field.columnType))) return undefined;
  const columns = fields.map((_, i) => `c${i}`).join(', ');
  return {
    text: `WITH rows_read(${columns}) AS (${sql}) SELECT json_group_array(json_array(${columns})) AS ${JSON_ROWS} FROM rows_read`,
    mapper: (result) => {
      const [row] = (result as { results: Record<string, string>[] }).results;
      return (JSON.parse(row![JSON_ROWS]!) as unknown[][]).map(mapRow);
    },
  };
}
