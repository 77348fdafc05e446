import { formFailure } from '#worker/lib/forms.ts';
import { failureReason } from '#worker/lib/deferred-writes.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import { PAGE_SLUG_RE } from '#common/schemas/funnels.ts';
import { formOf, notifyMembers, submitLead } from '#worker/features/funnels/leads/service.ts';
import { PERSONAL_PAGE, deliver, notFound, type EdgeAnswer, type EdgeDeps, type EdgeRequest } from '#worker/features/funnels/edge/answer.ts';
import { attributionOfPost, hiddenValue } from '#worker/features/funnels/edge/attribution.ts';
import { cacheable, pagePath, type EdgeSite } from '#worker/features/funnels/edge/cache.ts';
import { findLive, renderFound, type Found } from '#worker/features/funnels/edge/live-page.ts';
import { nextLivePage, type EdgeFunnel, type FunnelKey } from '#worker/features/funnels/edge/repo.ts';
import { abCookie } from '#worker/features/funnels/edge/variant.ts';

/** A page's form posted: a lead stored (or queued while D1 refuses it: decision 0043), the page again with the messages, or where the visitor goes next. */

/** The posted fields: read (415, 413, 400 for bodies that are not a readable form) only once the address is a page's. */
export type ReadFields = () => Promise<Record<string, string>>;

/**
 * POST of a page's form: the honeypot (`website`) filled → the usual answer and nothing stored;
 * invalid → 422 with the page, the messages and what was typed; valid → a lead (variant of the
 * visitor's cookie), the page's lead count, an email to the members when the funnel asks for
 * it, and 303 to the next published page of the funnel, or the page's thank-you state.
 */
export async function submitForm(
  deps: EdgeDeps,
  request: EdgeRequest,
  site: EdgeSite,
  slug: string,
  key: FunnelKey,
  readFields: ReadFields,
): Promise<EdgeAnswer> {
  if (!PAGE_SLUG_RE.test(slug)) return notFound(deps, site);
  const fields = await readFields();
  const found = await findLive(deps, key, slug);
  if (!found) return notFound(deps, site);
  const formId = fields.formId ?? fields.form_id ?? '';
  const cookie = request.cookies[abCookie(found.page.pageId)];
  const target = formOf(found.live, formId, cookie === 'a' || cookie === 'b' ? cookie : undefined);
  if (!target) return notFound(deps, site, found.funnel);
  const hidden = attributionOfPost(request.host, fields);

  const location = await nextLocation(deps, site, found, target.block.id);
  if (fields.website) return { kind: 'redirect', location };

  const after: Promise<unknown>[] = [];
  try {
    const { funnel } = found;
    const link = site.kind === 'path' ? `${site.origin}/funnels/${funnel.id}` : null;
    const notice = { funnel: { id: funnel.id, projectId: funnel.projectId, title: funnel.title, locale: funnel.locale }, pageTitle: found.page.title, link };
    const lead = await submitLead(deps.db, {
      funnel,
      pageId: found.page.pageId,
      variant: target.variant,
      form: target.block.props,
      fields,
      attribution: hidden,
      ip: request.ip,
      now: request.now,
      writes: deps.writes,
      notice: funnel.notifyLeads ? notice : null,
    });
    // A queued lead's email goes when it is written (worker/queues/writes.ts).
    if (funnel.notifyLeads && lead.outcome === 'created') {
      after.push(notifyMembers(deps.db, deps.mailer, { ...notice, form: target.block.props, lead, appHosts: deps.appHosts }));
    }
  } catch (error) {
    const failure = formFailure(error, found.funnel.locale);
    if (!failure) throw error;
    const values: Record<string, string> = {};
    for (const field of target.block.props.fields) if (fields[field.name] !== undefined) values[field.name] = hiddenValue(fields[field.name]);
    const errors = { ...failure.errors };
    if (Object.keys(errors).length === 0) errors._ = failure.status === 429 ? tooManyMessage(found.funnel, failure.headers) : failure.message;
    const document = target.variant === 'b' && found.live.b ? found.live.b : found.live.a;
    const rendered = await renderFound(deps, request, site, found, document, { errors, values, formId: target.block.id });
    const response = cacheable(rendered.html, rendered.csp, found.meta, '');
    return deliver(
      deps,
      request,
      site,
      response,
      found.meta,
      { variant: target.variant, assigned: false },
      { hidden, count: false, cacheControl: PERSONAL_PAGE, status: failure.status, headers: Object.entries(failure.headers ?? {}) },
    );
  }
  return { kind: 'redirect', location, after };
}

/**
 * Where a sent form leads: the funnel's next published page, else the page's thank-you state.
 * When D1 cannot say which page is next, the thank-you state: the visitor is not kept from it
 * by a read that failed (decision 0043).
 */
async function nextLocation(deps: EdgeDeps, site: EdgeSite, found: Found, formId: string): Promise<string> {
  const thanks = `${pagePath(site, found.page.slug)}?sent=${encodeURIComponent(formId)}`;
  try {
    const next = await nextLivePage(deps.db, found.funnel.id, found.page);
    return next ? pagePath(site, next.slug) : thanks;
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', message: 'next_page_unread', requestId: deps.requestId, reason: failureReason(error) }));
    return thanks;
  }
}

/** A refused burst of submissions, in the funnel's language (the limit's own message is the app's). */
function tooManyMessage(funnel: EdgeFunnel, headers: Record<string, string> | undefined): string {
  const seconds = Number(headers?.['Retry-After'] ?? 60);
  return i18nFor(funnel.locale)._('content.lead.tooMany', { minutes: Math.max(1, Math.ceil(seconds / 60)) });
}
