import type { Context } from 'hono';
import { DeletionStatusPage, InstagramCallbackFailurePage, type DeletionRequestView } from '#client/public/pages/instagram.tsx';
import type { AppEnv } from '#worker/env.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { publicChrome } from '#worker/ssr/chrome.ts';
import type { CallbackFailure } from '#worker/features/instagram/connection/service.ts';

interface Message {
  title: string;
  text: string;
  status: 400 | 403 | 409 | 502;
}

const MESSAGES: Record<CallbackFailure, Message> = {
  denied: {
    title: 'Instagram was not connected',
    text: 'You chose not to give Adloom access on Instagram, so nothing was connected or stored. You can connect again whenever you like.',
    status: 400,
  },
  invalid_state: {
    title: 'This connection link is not valid',
    text: 'Links back from Instagram work once, for ten minutes, in the browser where you started. Nothing was connected. Start connecting Instagram again from your project’s Marketing page.',
    status: 400,
  },
  expired_state: {
    title: 'This connection link has expired',
    text: 'Links back from Instagram work for ten minutes. Nothing was connected. Start connecting Instagram again from your project’s Marketing page.',
    status: 400,
  },
  other_user: {
    title: 'This connection was started by someone else',
    text: 'The Instagram connection was started while signed in to another Adloom account, so nothing was connected. Sign in with that account, or start again from your project’s Marketing page.',
    status: 403,
  },
  not_owner: {
    title: 'Only the project’s owner can connect Instagram',
    text: 'You are no longer the owner of this project, or it was archived or deleted meanwhile, so nothing was connected.',
    status: 403,
  },
  exchange_failed: {
    title: 'Instagram did not complete the connection',
    text: 'Instagram did not give us access, so nothing was connected or stored. Please start again from your project’s Marketing page.',
    status: 502,
  },
  not_configured: {
    title: 'Instagram Login is not configured',
    text: 'This server has no Instagram app settings (INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET), so nothing was connected. You can connect a sandbox account instead.',
    status: 409,
  },
};

/** The page /callback/instagram shows when it did not connect an account: what happened, and the way back. */
export async function renderCallbackFailure(c: Context<AppEnv>, failure: CallbackFailure, projectId: string | undefined, detail?: string) {
  const message = MESSAGES[failure];
  const back = projectId
    ? { href: `/projects/${encodeURIComponent(projectId)}/marketing`, label: 'Back to Marketing' }
    : { href: '/dashboard', label: 'Go to your projects' };
  const page = await renderPage(
    c,
    { title: 'Instagram connection', description: 'Connecting an Instagram account.', noindex: true },
    <InstagramCallbackFailurePage
      chrome={publicChrome(c, { interactive: false })}
      failure={failure}
      title={message.title}
      text={message.text}
      detail={detail}
      back={back}
    />,
  );
  // renderPage knows the statuses of forms; this page answers with the one that fits.
  return new Response(page.body, { status: message.status, headers: page.headers });
}

/** GET /instagram/deletion/{code}: the state of a data-deletion request Meta forwarded (its confirmation code is the link). */
export function renderDeletionStatus(c: Context<AppEnv>, request: DeletionRequestView | undefined) {
  return renderPage(
    c,
    { title: 'Data deletion request', description: 'The state of a request to delete Instagram data from Adloom.', noindex: true },
    <DeletionStatusPage chrome={publicChrome(c, { interactive: false })} request={request} />,
    request ? 200 : 404,
  );
}
