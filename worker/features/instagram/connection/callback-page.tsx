import type { Context } from 'hono';
import { DeletionStatusPage, InstagramCallbackFailurePage, type DeletionRequestView } from '#client/public/pages/instagram.tsx';
import type { AppEnv } from '#worker/env.ts';
import { i18nFor, localeOf } from '#worker/lib/i18n.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { publicChrome } from '#worker/ssr/chrome.ts';
import type { CallbackDetail, CallbackFailure } from '#worker/features/instagram/connection/service.ts';

/** Each failure's title and text (the public catalog's ids) and the status it answers with. */
const MESSAGES = {
  denied: { id: 'denied', status: 400 },
  invalid_state: { id: 'invalidState', status: 400 },
  expired_state: { id: 'expiredState', status: 400 },
  other_user: { id: 'otherUser', status: 403 },
  not_owner: { id: 'notOwner', status: 403 },
  exchange_failed: { id: 'exchangeFailed', status: 502 },
  not_configured: { id: 'notConfigured', status: 409 },
} as const satisfies Record<CallbackFailure, { id: string; status: 400 | 403 | 409 | 502 }>;

/** The page /callback/instagram shows when it did not connect an account: what happened, and the way back. */
export async function renderCallbackFailure(c: Context<AppEnv>, failure: CallbackFailure, projectId: string | undefined, detail?: CallbackDetail) {
  const message = MESSAGES[failure];
  const locale = localeOf(c);
  const i18n = i18nFor(locale);
  const back = projectId
    ? { href: `/projects/${encodeURIComponent(projectId)}/marketing`, label: i18n._('instagram.callback.backToMarketing') }
    : { href: '/dashboard', label: i18n._('instagram.callback.toProjects') };
  const page = await renderPage(
    c,
    { title: i18n._('instagram.callback.title'), description: i18n._('instagram.callback.description'), noindex: true, locale },
    <InstagramCallbackFailurePage
      chrome={publicChrome(c, { interactive: false })}
      failure={failure}
      title={i18n._(`instagram.callback.${message.id}.title`)}
      text={i18n._(`instagram.callback.${message.id}.text`)}
      detail={detail ? i18n._(`instagram.failure.${detail}`) : undefined}
      back={back}
    />,
  );
  // renderPage knows the statuses of forms; this page answers with the one that fits.
  return new Response(page.body, { status: message.status, headers: page.headers });
}

/** GET /instagram/deletion/{code}: the state of a data-deletion request Meta forwarded (its confirmation code is the link). */
export function renderDeletionStatus(c: Context<AppEnv>, request: DeletionRequestView | undefined) {
  const locale = localeOf(c);
  const i18n = i18nFor(locale);
  return renderPage(
    c,
    { title: i18n._('instagram.deletion.title'), description: i18n._('instagram.deletion.description'), noindex: true, locale },
    <DeletionStatusPage chrome={publicChrome(c, { interactive: false })} request={request} />,
    request ? 200 : 404,
  );
}
