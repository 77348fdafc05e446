import { buttonClass } from '#client/components/button.tsx';
import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import { nounFor } from '#common/plural.ts';

/** The page /callback/instagram shows when it did not connect an account: what happened, and the way back. */
export function InstagramCallbackFailurePage({
  chrome,
  failure,
  title,
  text,
  detail,
  back,
}: {
  chrome: PublicChrome;
  failure: string;
  title: string;
  text: string;
  detail?: string | undefined;
  back: { href: string; label: string };
}) {
  return (
    <PublicLayout chrome={chrome}>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6" data-failure={failure}>
        <p className="text-sm font-semibold tracking-wide text-accent-700">Instagram</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-zinc-600">{text}</p>
        {detail ? <p className="mt-4 rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">{detail}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href={back.href} className={buttonClass('primary', 'lg')}>
            {back.label}
          </a>
          <a href="/tech-provider" className={buttonClass('secondary', 'lg')}>
            What Adloom does with Instagram
          </a>
        </div>
      </section>
    </PublicLayout>
  );
}

export interface DeletionRequestView {
  code: string;
  status: 'pending' | 'completed';
  accountsDeleted: number;
  createdAt: Date;
  completedAt: Date | null;
}

/** /instagram/deletion/{code}: the state of a data-deletion request Meta forwarded (its confirmation code is the link). */
export function DeletionStatusPage({ chrome, request }: { chrome: PublicChrome; request: DeletionRequestView | undefined }) {
  const date = (value: Date) => `${value.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return (
    <PublicLayout chrome={chrome}>
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
                  ? `We deleted the ${nounFor(request.accountsDeleted, 'connection')} of this Instagram account: the access token, the account id, the username and the profile picture address. Adloom can no longer publish to it.`
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
    </PublicLayout>
  );
}
