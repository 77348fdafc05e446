import { buttonClass } from '#client/components/button.tsx';
import { PageIntro, PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import { usePageText } from '#client/public/page-text.tsx';

/** The four principles, by their ids in the `public` catalog (`about.{id}.title`, `.text`). */
const principles = ['place', 'approval', 'fast', 'costs'] as const;

/** `/about`: a content page (no JavaScript). */
export function AboutPage({ chrome }: { chrome: PublicChrome }) {
  const { t, href } = usePageText();
  return (
    <PublicLayout chrome={chrome}>
      <PageIntro eyebrow={t('about.eyebrow')} title={t('about.title')}>
        {t('about.lead')}
      </PageIntro>
      <section className="mx-auto grid max-w-5xl gap-6 px-4 pb-16 sm:grid-cols-2 sm:px-6">
        {principles.map((id) => (
          <article key={id} className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold text-zinc-900">{t(`about.${id}.title`)}</h2>
            <p className="mt-2 text-zinc-600">{t(`about.${id}.text`)}</p>
          </article>
        ))}
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-20 text-center sm:px-6">
        <h2 className="text-2xl font-semibold text-zinc-900">{t('about.questions')}</h2>
        <p className="mt-2 text-zinc-600">{t('about.write')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href={href('/contact')} className={buttonClass('primary', 'lg')}>
            {t('about.contact')}
          </a>
          <a href={href('/pricing')} className={buttonClass('secondary', 'lg')}>
            {t('about.pricing')}
          </a>
        </div>
      </section>
    </PublicLayout>
  );
}
