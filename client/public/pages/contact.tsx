import { Island } from '#client/public/island.tsx';
import ContactForm, { type ContactFormProps } from '#client/public/islands/contact-form.tsx';
import { PageIntro, PublicLayout, type PublicChrome } from '#client/public/layout.tsx';
import { usePageText } from '#client/public/page-text.tsx';

/** `/contact`: the contact form (works without JavaScript). */
export function ContactPage({ chrome, form, operatorEmail }: { chrome: PublicChrome; form: ContactFormProps; operatorEmail: string }) {
  const { t, href } = usePageText();
  return (
    <PublicLayout chrome={chrome}>
      <PageIntro eyebrow={t('contact.eyebrow')} title={t('contact.title')}>
        {t('contact.lead')}
      </PageIntro>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
          <Island name="contact-form" id="contact" component={ContactForm} props={form} />
        </div>
        <aside className="space-y-6 text-sm text-zinc-600">
          <div>
            <h2 className="font-semibold text-zinc-900">{t('contact.email')}</h2>
            <p className="mt-1">
              <a className="text-accent-700 underline underline-offset-2" href={`mailto:${operatorEmail}`}>
                {operatorEmail}
              </a>
            </p>
          </div>
          <div>
            <h2 className="font-semibold text-zinc-900">{t('contact.responseTime')}</h2>
            <p className="mt-1">{t('contact.responseTimeText')}</p>
          </div>
          <div>
            <h2 className="font-semibold text-zinc-900">{t('contact.data')}</h2>
            <p className="mt-1">
              {t('contact.dataBefore')}
              <a className="text-accent-700 underline underline-offset-2" href={href('/privacy')}>
                {t('contact.dataLink')}
              </a>
              {t('contact.dataAfter')}
            </p>
          </div>
        </aside>
      </div>
    </PublicLayout>
  );
}
