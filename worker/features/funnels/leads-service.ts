import { leadSchemaFor, type BlockOf, type FormProps, type LeadData, type PageDocument } from '#common/schemas/blocks.ts';
import type { Db } from '#worker/db/client.ts';
import { newId } from '#worker/lib/ids.ts';
import type { Mailer } from '#worker/lib/mailer.ts';
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

/**
 * Validates a submission with the form block's own schema (`leadSchemaFor`, the one the
 * editor's preview uses), counts it against the visitor's address (RATE_LIMITS.funnelLeads,
 * one conditional upsert: a burst cannot pass), then stores the lead and the page's lead
 * count in one batch. Throws 422 `validation_failed` with field messages, or 429.
 */
export async function submitLead(db: Db, input: LeadSubmission): Promise<StoredLead> {
  const data = (await parseOrThrow(leadSchemaFor(input.form), input.fields)) as LeadData;
  await consume(db, `funnel-lead:${input.ip}`, RATE_LIMITS.funnelLeads, input.now);
  const emailField = input.form.fields.find((field) => field.type === 'email' && typeof data[field.name] === 'string' && data[field.name] !== '');
  const a = input.attribution;
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

function shown(value: string | boolean): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return value === '' ? '—' : value;
}

/** One email per member of the funnel's project about a new lead (funnels with "notify me of leads"). */
export async function notifyMembers(
  db: Db,
  mailer: Mailer,
  input: { funnel: EdgeFunnel; pageTitle: string; form: Pick<FormProps, 'fields'>; lead: StoredLead; link: string | null },
): Promise<void> {
  const members = await membersOf(db, input.funnel.projectId);
  const lines = input.form.fields.map((field) => `${field.label}: ${shown(input.lead.data[field.name] ?? '')}`);
  const source = input.lead.utm.source ? [`Source: ${input.lead.utm.source}${input.lead.utm.campaign ? ` / ${input.lead.utm.campaign}` : ''}`] : [];
  for (const member of members) {
    await mailer.send({
      kind: 'funnel_lead',
      to: member.email,
      subject: `New lead from “${input.pageTitle}” (${input.funnel.title})`,
      text: [
        `Hi ${member.name},`,
        '',
        `Someone filled in the form on “${input.pageTitle}” of the funnel “${input.funnel.title}”:`,
        '',
        ...lines,
        ...source,
        '',
        input.link ? `See every lead of the funnel:\n${input.link}` : 'See every lead of the funnel in Adloom, on the funnel’s page.',
        '',
        'You get this email because the funnel is set to announce new leads. An editor can turn it off on the funnel’s page.',
      ].join('\n'),
    });
  }
}
