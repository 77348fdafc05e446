import { leadSchemaFor, type BlockOf, type FormProps, type LeadData, type PageDocument } from '#common/schemas/blocks.ts';
import type { Db } from '#worker/db/client.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { newId } from '#worker/lib/ids.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
import { clientNetwork } from '#worker/lib/client-network.ts';
import { RATE_LIMITS, consume } from '#worker/lib/rate-limit.ts';
import { parseOrThrow } from '#worker/lib/validate.ts';
import { utcDay } from '#worker/features/funnels/analytics-service.ts';
import type { Variant } from '#worker/features/funnels/edge-cache.ts';
import { insertLead, leadStatUpsert, membersOf, type EdgeFunnel } from '#worker/features/funnels/edge/repo.ts';

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
  funnel: EdgeFunnel;
  pageId: string;
  variant: Variant;
  form: Pick<FormProps, 'fields'>;
  /** The posted fields as text (the form's own and the hidden ones). */
  fields: Record<string, string>;
  /** utm_* and referrer, cleaned (edge.tsx). */
  attribution: Record<string, string>;
  ip: string;
  now: number;
}

export interface StoredLead {
  id: string;
  data: LeadData;
  email: string | null;
  utm: { source: string; medium: string; campaign: string; term: string; content: string };
  referrer: string | null;
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

export { clientNetwork } from '#worker/lib/client-network.ts';

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
 * upsert: a burst cannot pass), then stores the lead and the page's lead count in one batch.
 * Throws 422 `validation_failed` with field messages, or 429.
 */
export async function submitLead(db: Db, input: LeadSubmission): Promise<StoredLead> {
  const data = (await parseOrThrow(leadSchemaFor(input.form), cleanFields(input.form, input.fields))) as LeadData;
  await consume(db, await leadLimitKey(input.funnel.id, input.ip), RATE_LIMITS.funnelLeads, input.now);
  const emailField = input.form.fields.find((field) => field.type === 'email' && typeof data[field.name] === 'string' && data[field.name] !== '');
  const a: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.attribution)) a[key] = singleLine(value).trim();
  const lead: StoredLead = {
    id: newId(),
    data,
    email: emailField ? (data[emailField.name] as string) : null,
    utm: { source: a.utm_source ?? '', medium: a.utm_medium ?? '', campaign: a.utm_campaign ?? '', term: a.utm_term ?? '', content: a.utm_content ?? '' },
    referrer: a.referrer || null,
  };
  await db.batch([
    insertLead(db, {
      id: lead.id,
      funnelId: input.funnel.id,
      pageId: input.pageId,
      projectId: input.funnel.projectId,
      variant: input.variant,
      data: lead.data,
      email: lead.email,
      utm: lead.utm,
      referrer: lead.referrer,
      createdAt: new Date(input.now),
    }),
    leadStatUpsert(db, input.pageId, input.variant, utcDay(input.now)),
  ]);
  return lead;
}

// ---------------------------------------------------------------------------------------
// Emails to members

export interface LeadNotice {
  funnel: EdgeFunnel;
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
  const members = await membersOf(db, input.funnel.projectId);
  const link = leadsLink(input.funnel.id, input.link, input.appHosts);
  for (const member of members) {
    await mailer.send({
      kind: 'funnel_lead',
      to: member.email,
      subject: `New lead on “${input.pageTitle}” of “${input.funnel.title}”`,
      text: [
        `Hi ${member.name},`,
        '',
        `There is a new lead on “${input.pageTitle}” of the funnel “${input.funnel.title}”.`,
        '',
        link ? `See it with the funnel’s other leads in Adloom:\n${link}` : 'See it in Adloom, on the funnel’s page under Leads.',
        '',
        'For the privacy of the people who fill in your forms, this email does not repeat what they typed.',
        '',
        'You get this email because the funnel is set to announce new leads. An editor can turn it off on the funnel’s page.',
      ].join('\n'),
    });
  }
}
