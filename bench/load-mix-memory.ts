// workerd's memory and the database's size, read by the load run (bench/load-mix.ts).
import { readFileSync } from 'node:fs';
import type { BenchServer } from './server.ts';

export function rssKb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

export async function databaseBytes(server: BenchServer): Promise<number> {
  const result = await server.db.prepare('SELECT 1').run();
  return Number((result.meta as { size_after?: number }).size_after ?? Number.NaN);
}

export async function tableCounts(server: BenchServer): Promise<Record<string, number>> {
  const tables = await server.db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
    )
    .all<{ name: string }>();
  const counts: Record<string, number> = {};
  for (const { name } of tables.results) {
    const row = await server.db.prepare(`SELECT count(*) AS n FROM "${name}"`).first<{ n: number }>();
    counts[name] = row?.n ?? 0;
  }
  return counts;
}
