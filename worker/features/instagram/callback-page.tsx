import type { Context } from 'hono';
import { buttonClass } from '#client/components/button.tsx';
import { PublicLayout } from '#client/public/layout.tsx';
import type { AppEnv } from '#worker/env.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { publicChrome } from '#worker/ssr/chrome.ts';
import type { CallbackFailure } from '#worker/features/instagram/service.ts';

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
  const back = projectId ? `/projects/${encodeURIComponent(projectId)}/marketing` : '/dashboard';
  const page = await renderPage(
    c,
    { title: 'Instagram connection', description: 'Connecting an Instagram account.', noindex: true },
    <PublicLayout chrome={publicChrome(c, { interactive: false })}>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6" data-failure={failure}>
        <p className="text-sm font-semibold tracking-wide text-accent-700">Instagram</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">{message.title}</h1>
        <p className="mt-4 text-lg text-zinc-600">{message.text}</p>
        {detail ? <p className="mt-4 rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">{detail}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href={back} className={buttonClass('primary', 'lg')}>
            {projectId ? 'Back to Marketing' : 'Go to your projects'}
          </a>
          <a href="/tech-provider" className={buttonClass('secondary', 'lg')}>
            What Adloom does with Instagram
          </a>
        </div>
      </section>
    </PublicLayout>,
  );
  // renderPage knows the statuses of forms; this page answers with the one that fits.
  return new Response(page.body, { status: message.status, headers: page.headers });
}

/** GET /instagram/deletion/{code}: the state of a data-deletion request Meta forwarded (its confirmation code is the link). */
export function renderDeletionStatus(
  c: Context<AppEnv>,
  request: { code: string; status: 'pending' | 'completed'; accountsDeleted: number; createdAt: Date; completedAt: Date | null } | undefined,
) {
  const date = (value: Date) => `${value.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return renderPage(
    c,
    { title: 'Data deletion request', description: 'The state of a request to delete Instagram data from Adloom.', noindex: true },
    <PublicLayout chrome={publicChrome(c, { interactive: false })}>
      <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-accent-700">Instagram data deletion</p>
        {request ? (
          <>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900">
              {request.status === 'completed' ? 'Your Instagram data is deleted' : 'Your deletion request is being processed'}
            </h1>
            <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-3 text-zinc-700 sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-zinc-900">Confirmation code</dt>
              <dd className="font-mono break-all" data-testid="confirmation-code">
                {request.code}
              </dd>
              <dt className="font-medium text-zinc-900">Status</dt>
              <dd data-testid="deletion-status">{request.status === 'completed' ? 'Completed' : 'Pending'}</dd>
              <dt className="font-medium text-zinc-900">Requested</dt>
              <dd>{date(request.createdAt)}</dd>
              {request.completedAt ? (
                <>
                  <dt className="font-medium text-zinc-900">Completed</dt>
                  <dd>{date(request.completedAt)}</dd>
                </>
              ) : null}
            </dl>
            <p className="mt-6 text-zinc-600">
              {request.status === 'completed'
                ? request.accountsDeleted > 0
                  ? `We deleted the connection${request.accountsDeleted === 1 ? '' : 's'} of this Instagram account: the access token, the account id, the username and the profile picture address. Adloom can no longer publish to it.`
                  : 'Adloom held no connection of this Instagram account (it was already removed), so there was nothing left to delete.'
                : 'We delete the data within 30 days; this page shows when it is done.'}
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900">We do not know this confirmation code</h1>
            <p className="mt-4 text-zinc-600">Check the link you were given. If you believe this is a mistake, contact us and mention the code.</p>
          </>
        )}
        <p className="mt-8 text-sm text-zinc-600">
          How Adloom uses Instagram data: <a href="/tech-provider">Meta Tech Provider</a> · <a href="/contact">Contact</a>
        </p>
      </section>
    </PublicLayout>,
    request ? 200 : 404,
  );
}
