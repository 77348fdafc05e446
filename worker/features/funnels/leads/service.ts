import type { Locale } from '#common/i18n/locales.ts';
import { csvRow } from '#worker/lib/csv.ts';
import { leadSchemaFor, type LeadData } from '#common/schemas/blocks-leads.ts';
import type { BlockOf, FormProps, PageDocument } from '#common/schemas/blocks.ts';
import type { Lead, LeadList, Variant } from '#common/schemas/funnels.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { dayOf } from '#worker/lib/days.ts';
import { writeOrDefer } from '#worker/lib/deferred-writes.ts';
import { AppError } from '#worker/lib/errors.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { newId } from '#worker/lib/ids.ts';
import { personalEmail, type Mailer } from '#worker/lib/mailer.ts';
import { RATE_LIMITS, consumeOrCountInMemory } from '#worker/lib/rate-limit.ts';
import { run } from '#worker/lib/reads.ts';
import { parseOrThrow } from '#worker/lib/validate.ts';
import { membersOf } from '#worker/features/projects/scope/service.ts';
import { leadCountIfInsertedStatement } from '#worker/features/funnels/analytics/service.ts';
import type { Actor, FunnelRow } from '#worker/features/funnels/types.ts';
import * as repo from '#worker/features/funnels/leads/repo.ts';
import { eventStatement } from '#worker/features/webhooks/service.ts';

/**
 * Leads (PRODUCT.md §4.5): what visitors send with a published page's forms (the edge's
 * `submitLead`, with the members' email), and the workspace's list, search, CSV export and
 * delete.
 */

/** The funnel a lead is for, as the edge read it. */
export interface LeadFunnel {
  id: string;
  projectId: string;
  title: string;
  /** The language its visitors read the form's messages in. */
  locale: Locale;
}

/** What a published version holds: variant A, B (or null) and B's share of visitors. */
export interface LiveDocument {
  a: PageDocument;
  b: PageDocument | null;
  splitB: number;
}

function formBlock(document: PageDocument | null, formId: string): BlockOf<'form'> | undefined {
  return document?.blocks.find((block): block is BlockOf<'form'> => block.type === 'form' && block.id === formId);
}

/**
 * The form a submission is for (`form_id`) and the variant it counts for: the visitor's
 * cookie when its variant has that form, else the variant that has it (A first).
 */
export function formOf(live: LiveDocument, formId: string, cookie: Variant | undefined): { block: BlockOf<'form'>; variant: Variant } | undefined {
  if (!formId) return undefined;
  const order: Variant[] = cookie === 'b' && live.b ? ['b', 'a'] : ['a', 'b'];
  for (const variant of order) {
    const block = formBlock(variant === 'a' ? live.a : live.b, formId);
    if (block) return { block, variant };
  }
  return undefined;
}

export interface LeadSubmission {
  funnel: LeadFunnel;
  pageId: string;
  variant: Variant;
  form: Pick<FormProps, 'fields'>;
  /** The posted fields as text (the form's own and the hidden ones). */
  fields: Record<string, string>;
  /** utm_* and referrer, cleaned (edge/service.ts). */
  attribution: Record<string, string>;
  ip: string;
  now: number;
  /**
   * The WRITES queue (decision 0043): a lead D1 refuses is put on it and written when D1
   * answers (worker/queues/writes.ts); without it, the refusal is thrown.
   */
  writes?: Queue<unknown> | undefined;
  /** The members' email of a lead written later (the funnel asks for it): what notifyMembers needs besides the app's hosts. */
  notice?: QueuedNotice | null | undefined;
}

export interface StoredLead {
  id: string;
  data: LeadData;
  email: string | null;
  utm: { source: string; medium: string; campaign: string; term: string; content: string };
  referrer: string | null;
  /** Written now (`created`), or on the queue for when D1 answers (`queued`: its email is sent then). */
  outcome: 'created' | 'existed' | 'queued';
}

/** A lead as it is written, its id chosen before the first attempt: the queued message carries it as is. */
export interface LeadRow {
  id: string;
  funnelId: string;
  pageId: string;
  projectId: string;
  variant: Variant;
  data: LeadData;
  email: string | null;
  utm: StoredLead['utm'];
  referrer: string | null;
  /** When the visitor sent it (ms). */
  createdAt: number;
}

/** What the members' email of a queued lead needs (LeadNotice without the app's hosts, which the handler reads from its env). */
export interface QueuedNotice {
  funnel: LeadFunnel;
  pageTitle: string;
  link: string | null;
}

/** The WRITES queue's message of a lead (`kind: 'lead'`). */
export interface QueuedLead {
  lead: LeadRow;
  notice: QueuedNotice | null;
}

// ---------------------------------------------------------------------------------------
// What a visitor may type

/** C0/C1 controls (CR, LF, TAB, NUL, DEL, NEL…) and the Unicode line and paragraph separators. */
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
/** Explicit bidi embeddings, overrides and isolates: they reorder what a member reads later (lead list, CSV). */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * A single-line value as a lead keeps it: every run of control characters becomes one space
 * (a pasted line break cannot start a new line in the leads list, the CSV or anywhere else),
 * bidi overrides go. Every lead field is a single-line input (FORM_FIELD_TYPES has no
 * multi-line type); a multi-line type, if one is added, would keep its `\n`.
 */
export function singleLine(value: string): string {
  return value.replace(BIDI_CONTROLS, '').replace(CONTROLS, ' ');
}

/** The posted fields with the form's own text values made single-line (before validation, so the schema's trim applies after). */
function cleanFields(form: Pick<FormProps, 'fields'>, fields: Record<string, string>): Record<string, string> {
  // No prototype, like readFormFields' result: a field named `constructor` reads only what was posted.
  const cleaned = Object.assign(Object.create(null) as Record<string, string>, fields);
  for (const field of form.fields) {
    const value = Object.hasOwn(fields, field.name) ? fields[field.name] : undefined;
    if (field.type !== 'checkbox' && typeof value === 'string') cleaned[field.name] = singleLine(value);
  }
  return cleaned;
}

// ---------------------------------------------------------------------------------------
// The rate limit's key

/**
 * The rate-limit key of leads from a client on a funnel: per funnel (a shared office or
 * carrier address filling one funnel does not block the others) and per network
 * (clientNetwork), hashed so that `rate_limits` holds no address.
 */
export async function leadLimitKey(funnelId: string, ip: string): Promise<string> {
  return `funnel-lead:${await sha256Hex(`funnel-lead\n${funnelId}\n${clientNetwork(ip)}`)}`;
}

// ---------------------------------------------------------------------------------------
// Submissions

/**
 * Validates a submission with the form block's own schema (`leadSchemaFor`, the one the
 * editor's preview uses) after making its text values single-line, counts it against the
 * visitor's network on this funnel (RATE_LIMITS.funnelLeads, leadLimitKey; one conditional
 * upsert: a burst cannot pass; in this isolate's memory while D1 cannot count), then writes
 * the lead (writeLead), or puts it on `writes` when D1 refuses (decision 0043).
 * Throws 422 `validation_failed` with field messages, or 429.
 */
export async function submitLead(db: Db, input: LeadSubmission): Promise<StoredLead> {
  const data = (await parseOrThrow(leadSchemaFor(input.form, i18nFor(input.funnel.locale)), cleanFields(input.form, input.fields))) as LeadData;
  await consumeOrCountInMemory(db, await leadLimitKey(input.funnel.id, input.ip), RATE_LIMITS.funnelLeads, input.now);
  const emailField = input.form.fields.find((field) => field.type === 'email' && typeof data[field.name] === 'string' && data[field.name] !== '');
  const a: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.attribution)) a[key] = singleLine(value).trim();
  const row: LeadRow = {
    id: newId(),
    funnelId: input.funnel.id,
    pageId: input.pageId,
    projectId: input.funnel.projectId,
    variant: input.variant,
    data,
    email: emailField ? (data[emailField.name] as string) : null,
    utm: { source: a.utm_source ?? '', medium: a.utm_medium ?? '', campaign: a.utm_campaign ?? '', term: a.utm_term ?? '', content: a.utm_content ?? '' },
    referrer: a.referrer || null,
    createdAt: input.now,
  };
  const queued: QueuedLead = { lead: row, notice: input.notice ?? null };
  const outcome = await writeOrDefer(() => writeLead(db, row), input.writes, { kind: 'lead', id: row.id, sentAt: input.now, data: queued });
  return { id: row.id, data, email: row.email, utm: row.utm, referrer: row.referrer, outcome };
}

/**
 * Writes a lead, the page's lead count and its `lead.created` event in one batch, once: an id
 * the table already has (a queued lead delivered again) writes, counts and emits nothing. The
 * event comes first in the batch, guarded by the lead being new (the insert after it writes it
 * exactly then), so that a crash after the batch loses no event (decision 0042). The one
 * function that writes a lead, for the edge's submissions and the queued ones alike. True
 * when this call wrote it.
 */
export async function writeLead(db: Db, lead: LeadRow): Promise<boolean> {
  const { id: leadId, funnelId, pageId, email, data: fields } = lead;
  const data = { leadId, funnelId, pageId, email, fields, createdAt: new Date(lead.createdAt).toISOString() };
  const event = eventStatement(db, lead.projectId, 'lead.created', data, `/funnels/${funnelId}`, repo.leadIsNew(leadId));
  const [outbox, inserted] = await rawBatch(db, [
    event.statement,
    repo.insertLead(db, { ...lead, createdAt: new Date(lead.createdAt) }),
    leadCountIfInsertedStatement(db, lead.pageId, lead.variant, lead.createdAt),
  ]);
  const written = inserted?.meta.changes === 1;
  if (written) await event.queue(outbox);
  return written;
}

/**
 * A lead from the WRITES queue (worker/queues/writes.ts): written with writeLead, and the
 * members emailed when this delivery wrote it (a second delivery emails no one). Throws
 * while D1 refuses: the queue delivers it again later.
 */
export async function writeQueuedLead(db: Db, mailer: Mailer, appHosts: readonly string[], queued: QueuedLead): Promise<void> {
  if (!(await writeLead(db, queued.lead)) || !queued.notice) return;
  await notifyMembers(db, mailer, { ...queued.notice, appHosts, lead: { id: queued.lead.id } });
}

// ---------------------------------------------------------------------------------------
// Emails to members

export interface LeadNotice {
  funnel: LeadFunnel;
  pageTitle: string;
  /**
   * `{origin}/funnels/{id}` on the host the form was posted to (a /p/… page), or null (a
   * custom domain). Only its origin is used, and only when it is one of `appHosts`, if given.
   */
  link: string | null;
  /** The app's own hosts (appHosts(env)); when set, the link always points at one of them. */
  appHosts?: readonly string[];
  /**
   * Accepted from callers, never put into the email: what a visitor typed (field values,
   * UTM, referrer) stays in Adloom, where a GDPR delete removes it (review 12, P2-3/P2-4).
   */
  form?: Pick<FormProps, 'fields'>;
  lead?: Pick<StoredLead, 'id'>;
}

/** The workspace page of the funnel's leads on the app's own origin, or null when that origin is unknown. */
export function leadsLink(funnelId: string, link: string | null, hosts: readonly string[] = []): string | null {
  let origin: URL | null = null;
  if (link && URL.canParse(link)) {
    const url = new URL(link);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password) origin = url;
  }
  if (hosts.length > 0 && !(origin && hosts.includes(origin.hostname))) origin = new URL(`https://${hosts[0]}`);
  return origin ? `${origin.origin}/funnels/${encodeURIComponent(funnelId)}?tab=leads` : null;
}

/**
 * One email per member of the funnel's project about a new lead (funnels with "notify me of
 * leads"). It names the page and the funnel (members' own titles) and links to the leads in
 * the workspace; nothing a visitor typed goes into it, so a visitor cannot add lines or links
 * to an email from Adloom, and `email_outbox` keeps no personal data of the lead.
 */
export async function notifyMembers(db: Db, mailer: Mailer, input: LeadNotice): Promise<void> {
  const members = await run(db, membersOf(db, input.funnel.projectId));
  const link = leadsLink(input.funnel.id, input.link, input.appHosts);
  for (const member of members) {
    await mailer.send(
      personalEmail('funnel_lead', member, (i18n) => {
        const names = { page: input.pageTitle, funnel: input.funnel.title };
        return {
          subject: i18n._('email.lead.subject', names),
          lines: [
            i18n._('email.lead.body', names),
            '',
            link ? `${i18n._('email.lead.link')}\n${link}` : i18n._('email.lead.noLink'),
            '',
            i18n._('email.lead.privacy'),
            '',
            i18n._('email.lead.why'),
          ],
        };
      }),
    );
  }
}

// ---------------------------------------------------------------------------------------
// The workspace's list, delete and CSV

function toLead(row: repo.LeadListRow): Lead {
  const { lead } = row;
  return {
    id: lead.id,
    pageId: lead.pageId,
    pageSlug: row.pageSlug,
    pageTitle: row.pageTitle,
    variant: lead.variant,
    data: lead.data,
    email: lead.email,
    utm: lead.utm,
    referrer: lead.referrer,
    createdAt: lead.createdAt.toISOString(),
  };
}

export async function listLeads(db: Db, funnelId: string, query: { q?: string; cursor?: string; limit?: number }): Promise<LeadList> {
  const limit = query.limit ?? 50;
  const rows = await repo.listLeads(db, funnelId, { q: query.q || undefined, limit, before: decodeCursor(query.cursor) });
  const page = toPage(rows, limit, (row) => encodeCursor(row.lead.createdAt, row.lead.id));
  return { items: page.items.map(toLead), nextCursor: page.nextCursor };
}

/** Hard delete (a GDPR request), recorded in the audit log without the lead's data. */
export async function deleteLead(db: Db, funnel: FunnelRow, actor: Actor, leadId: string): Promise<void> {
  const [result] = await rawBatch(db, [
    repo.deleteLead(db, funnel.id, leadId),
    auditIfChangedStatement(db, { actorUserId: actor.id, action: 'lead.delete', targetType: 'lead', targetId: leadId, projectId: funnel.projectId }),
  ]);
  if (result?.meta.changes !== 1) throw new AppError('not_found');
}

/** The cells and rows every export writes (worker/lib/csv.ts); the leads test checks the cell rules. */
export { csvCell, csvRow } from '#worker/lib/csv.ts';

const CSV_FIXED = ['page', 'variant', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer', 'created_at'] as const;
const CSV_PAGE = 500;

function cellOf(value: string | boolean | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

/**
 * The funnel's leads as CSV, streamed a page of rows at a time (newest first): a header of
 * every field name the leads carry, then page, variant, UTM, referrer and time. UTF-8 with
 * a byte order mark so spreadsheets read accents right.
 */
export function leadsCsv(db: Db, funnelId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let fields: string[] = [];
  let before: { time: number; id: string } | undefined;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      fields = (await repo.leadFieldNames(db, funnelId)).map((row) => row.key);
      // A data field named like a fixed column is told apart by its prefix.
      const header = [...fields.map((f) => ((CSV_FIXED as readonly string[]).includes(f) ? `field_${f}` : f)), ...CSV_FIXED];
      controller.enqueue(encoder.encode(`\ufeff${csvRow(header)}`));
    },
    async pull(controller) {
      if (done) return;
      const rows = await repo.listLeads(db, funnelId, { limit: CSV_PAGE, before });
      const page = rows.slice(0, CSV_PAGE);
      let chunk = '';
      for (const { lead, pageSlug } of page) {
        const utm = lead.utm;
        chunk += csvRow([
          ...fields.map((f) => cellOf(lead.data[f])),
          pageSlug,
          lead.variant,
          utm.source ?? '',
          utm.medium ?? '',
          utm.campaign ?? '',
          utm.term ?? '',
          utm.content ?? '',
          lead.referrer ?? '',
          lead.createdAt.toISOString(),
        ]);
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      const last = page.at(-1);
      if (rows.length > CSV_PAGE && last) {
        before = { time: last.lead.createdAt.getTime(), id: last.lead.id };
      } else {
        done = true;
        controller.close();
      }
    },
  });
}

/** The CSV download of a funnel's leads: its stream and the file's name (`{funnel}-leads-{day}.csv`). */
export function leadsCsvFile(db: Db, funnel: Pick<FunnelRow, 'id' | 'name'>, now = new Date()): { body: ReadableStream<Uint8Array>; fileName: string } {
  return { body: leadsCsv(db, funnel.id), fileName: `${funnel.name}-leads-${dayOf(now.getTime())}.csv` };
}

/**
 * A page of the funnel's leads for `/api/v1` (decision 0045): newest first, `since` keeping those
 * sent at or after it (a CRM's sync), each with the fields of the CSV export.
 */
export async function leadsSince(db: Db, funnelId: string, query: { since?: Date; cursor?: string; limit: number }) {
  const rows = await repo.listLeads(db, funnelId, { limit: query.limit, before: decodeCursor(query.cursor), since: query.since });
  const page = toPage(rows, query.limit, (row) => encodeCursor(row.lead.createdAt, row.lead.id));
  return {
    items: page.items.map(({ lead, pageSlug }) => ({
      id: lead.id,
      page: pageSlug,
      variant: lead.variant,
      data: lead.data,
      utm: {
        source: lead.utm.source ?? '',
        medium: lead.utm.medium ?? '',
        campaign: lead.utm.campaign ?? '',
        term: lead.utm.term ?? '',
        content: lead.utm.content ?? '',
      },
      referrer: lead.referrer,
      createdAt: lead.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The admin's support view of a project: how many leads it has (a subquery). */
export { leadCount } from '#worker/features/funnels/leads/repo.ts';
