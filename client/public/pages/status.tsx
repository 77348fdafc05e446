import { buttonClass } from '#client/components/button.tsx';
import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import { usePageText } from '#client/public/page-text.tsx';

function StatusBody({ code, title, text, reference }: { code: string; title: string; text: string; reference?: string }) {
  const { t, href } = usePageText();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-accent-700">{code}</p>
      <h1 className="mt-2 text-4xl font-semibold tracking-tight text-zinc-900">{title}</h1>
      <p className="mt-4 text-lg text-zinc-600">{text}</p>
      {reference ? (
        <p className="mt-6 rounded-md bg-zinc-100 px-3 py-2 font-mono text-sm text-zinc-700">
          {t('status.reference')} <span data-testid="reference">{reference}</span>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={href('/')} className={buttonClass('primary', 'lg')}>
          {t('status.home')}
        </a>
        <a href={href('/contact')} className={buttonClass('secondary', 'lg')}>
          {t('status.contact')}
        </a>
      </div>
    </section>
  );
}

/** A page that explains one situation (an expired link, a refused request). */
export function MessagePage({ chrome, code, title, text }: { chrome: PublicChrome; code: string; title: string; text: string }) {
  return (
    <PublicLayout chrome={chrome}>
      <StatusBody code={code} title={title} text={text} />
    </PublicLayout>
  );
}

/** The 404 page (status 404, no JavaScript). */
export function NotFoundPage({ chrome }: { chrome: PublicChrome }) {
  const { t } = usePageText();
  return (
    <PublicLayout chrome={chrome}>
      <StatusBody code="404" title={t('status.notFound.title')} text={t('status.notFound.text')} />
    </PublicLayout>
  );
}

/** `/error` and every unexpected failure of a page: a friendly message, with the reference id when there is one. */
export function ErrorPage({ chrome, reference }: { chrome: PublicChrome; reference?: string | undefined }) {
  const { t } = usePageText();
  return (
    <PublicLayout chrome={chrome}>
      <StatusBody
        code={t('status.error.code')}
        title={t('status.error.title')}
        text={reference ? t('status.error.withReference') : t('status.error.withoutReference')}
        reference={reference}
      />
    </PublicLayout>
  );
}
