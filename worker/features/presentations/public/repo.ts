import { lt, sql } from 'drizzle-orm';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { presentationSectionStats, presentationStats, presentationViews, presentationVisitors } from '#worker/db/schema.ts';

/**
 * The queries of the public side: recording views of presentations (the visitor's daily hash,
 * the day's counters, each view's seconds and sections reached) and forgetting the past days'
 * visitors. The workspace reads the counters (workspace/repo.ts).
 */
export interface CountedView {
  presentationId: string;
  day: string;
  /** The visitor's daily hash (INSERT OR IGNORE: a new one adds a visitor). */
  hash: string;
}

/** One view, in one batch: the visitor's hash (new → visitors + 1), then views + 1. */
export async function countView(db: Db, view: CountedView): Promise<void> {
  const { presentationId, day, hash } = view;
  await (db.$client as D1Database).batch([
    rawStatement(db, sql`INSERT OR IGNORE INTO ${presentationVisitors} (presentation_id, day, hash) VALUES (${presentationId}, ${day}, ${hash})`),
    rawStatement(
      db,
      sql`INSERT INTO ${presentationStats} (presentation_id, day, views, visitors, seconds) VALUES (${presentationId}, ${day}, 1, changes(), 0)
          ON CONFLICT (presentation_id, day) DO UPDATE SET views = views + 1, visitors = visitors + excluded.visitors`,
    ),
  ]);
}

export interface BeaconReport {
  viewId: string;
  presentationId: string;
  /** The view's day (when the page was served). */
  day: string;
  seconds: number;
  sections: string[];
}

/**
 * A beacon's report in ONE batch (one transaction): the day's seconds grow by how much this
 * view's total grew (a repeated or lower report adds nothing), each section the view had not
 * reached before counts once, then the view's own state becomes the maximum and the union.
 */
export async function recordBeacon(db: Db, report: BeaconReport): Promise<void> {
  const { viewId, presentationId, day, seconds, sections } = report;
  const statements: D1PreparedStatement[] = [
    rawStatement(
      db,
      sql`INSERT INTO ${presentationStats} (presentation_id, day, views, visitors, seconds)
          VALUES (${presentationId}, ${day}, 0, 0, max(0, ${seconds} - coalesce((SELECT seconds FROM ${presentationViews} WHERE view_id = ${viewId}), 0)))
          ON CONFLICT (presentation_id, day) DO UPDATE SET seconds = seconds + excluded.seconds`,
    ),
  ];
  for (const sectionId of sections) {
    statements.push(
      rawStatement(
        db,
        sql`INSERT INTO ${presentationSectionStats} (presentation_id, day, section_id, reached)
            SELECT ${presentationId}, ${day}, ${sectionId}, 1
            WHERE NOT EXISTS (SELECT 1 FROM ${presentationViews}, json_each(${presentationViews}.sections) WHERE view_id = ${viewId} AND json_each.value = ${sectionId})
            ON CONFLICT (presentation_id, day, section_id) DO UPDATE SET reached = reached + 1`,
      ),
    );
  }
  statements.push(
    rawStatement(
      db,
      sql`INSERT INTO ${presentationViews} (view_id, presentation_id, day, seconds, sections) VALUES (${viewId}, ${presentationId}, ${day}, ${seconds}, ${JSON.stringify(sections)})
          ON CONFLICT (view_id) DO UPDATE SET seconds = max(seconds, excluded.seconds),
            sections = (SELECT json_group_array(value) FROM (SELECT value FROM json_each(${presentationViews}.sections) UNION SELECT value FROM json_each(excluded.sections)))`,
    ),
  );
  await (db.$client as D1Database).batch(statements);
}

/** Visitor hashes and view states of days before `yesterday` (the salt is gone: they mean nothing). */
export async function deletePastViews(db: Db, yesterday: string): Promise<void> {
  await db.batch([
    db.delete(presentationVisitors).where(lt(presentationVisitors.day, yesterday)),
    db.delete(presentationViews).where(lt(presentationViews.day, yesterday)),
  ]);
}
