import type { Locale } from '#common/i18n/locales.ts';
import { localePath } from '#common/i18n/paths.ts';
import { formatDate } from '#common/format.ts';
import { buttonClass } from '#client/components/button.tsx';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';

/** The page /callback/instagram shows when it did not connect an account: what happened, and the way back (its words come translated). */
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
  const t = useT();
  const locale = useI18n().locale as Locale;
  return (
    <PublicLayout chrome={chrome}>
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6" data-failure={failure}>
        <p className="text-sm font-semibold tracking-wide text-accent-700">{t('instagram.callback.eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-zinc-600">{text}</p>
        {detail ? <p className="mt-4 rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700">{detail}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href={back.href} className={buttonClass('primary', 'lg')}>
            {back.label}
          </a>
          <a href={localePath(locale, '/tech-provider')} className={buttonClass('secondary', 'lg')}>
            {t('instagram.callback.techProvider')}
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
  const t = useT();
  const locale = useI18n().locale as Locale;
  const date = (value: Date) => t('instagram.deletion.dateUtc', { date: formatDate(value, 'dateTime', locale, 'UTC') });
  return (
    <PublicLayout chrome={chrome}>
      <section className="mx-auto max-w-xl px-4 py-20 sm:px-6">
        <p className="text-sm font-semibold tracking-wide text-accent-700">{t('instagram.deletion.eyebrow')}</p>
        {request ? (
          <>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900">{t('instagram.deletion.heading', { status: request.status })}</h1>
            <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-3 text-zinc-700 sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-zinc-900">{t('instagram.deletion.code')}</dt>
              <dd className="font-mono break-all" data-testid="confirmation-code">
                {request.code}
              </dd>
              <dt className="font-medium text-zinc-900">{t('instagram.deletion.status')}</dt>
              <dd data-testid="deletion-status">{t('instagram.deletion.statusValue', { status: request.status })}</dd>
              <dt className="font-medium text-zinc-900">{t('instagram.deletion.requested')}</dt>
              <dd>{date(request.createdAt)}</dd>
              {request.completedAt ? (
                <>
                  <dt className="font-medium text-zinc-900">{t('instagram.deletion.completed')}</dt>
                  <dd>{date(request.completedAt)}</dd>
                </>
              ) : null}
            </dl>
            <p className="mt-6 text-zinc-600">
              {request.status === 'completed'
                ? request.accountsDeleted > 0
                  ? t('instagram.deletion.deleted', { count: request.accountsDeleted })
                  : t('instagram.deletion.nothing')
                : t('instagram.deletion.pending')}
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900">{t('instagram.deletion.unknownTitle')}</h1>
            <p className="mt-4 text-zinc-600">{t('instagram.deletion.unknownText')}</p>
          </>
        )}
        <p className="mt-8 text-sm text-zinc-600">
          {t('instagram.deletion.howWeUse')} <a href={localePath(locale, '/tech-provider')}>{t('instagram.deletion.techProvider')}</a> ·{' '}
          <a href={localePath(locale, '/contact')}>{t('instagram.deletion.contact')}</a>
        </p>
      </section>
    </PublicLayout>
  );
}
