import { Island } from '#client/public/island.tsx';
import ContactForm, { type ContactFormProps } from '#client/public/islands/contact-form.tsx';
import { PageIntro, PublicLayout, type PublicChrome } from '#client/public/layout.tsx';

/** `/contact`: the contact form (works without JavaScript). */
export function ContactPage({ chrome, form, operatorEmail }: { chrome: PublicChrome; form: ContactFormProps; operatorEmail: string }) {
  return (
    <PublicLayout chrome={chrome}>
      <PageIntro eyebrow="Contact" title="Talk to the people who build Adloom">
        Questions about plans, a feature you need, or trouble with your account: write to us.
      </PageIntro>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-[1fr_18rem]">
        <div className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-6 shadow-sm sm:p-8">
          <Island name="contact-form" id="contact" component={ContactForm} props={form} />
        </div>
        <aside className="space-y-6 text-sm text-zinc-600">
          <div>
            <h2 className="font-semibold text-zinc-900">Email</h2>
            <p className="mt-1">
              <a className="text-accent-700 underline underline-offset-2" href={`mailto:${operatorEmail}`}>
                {operatorEmail}
              </a>
            </p>
          </div>
          <div>
            <h2 className="font-semibold text-zinc-900">Response time</h2>
            <p className="mt-1">Usually within one working day. You get a confirmation by email right away.</p>
          </div>
          <div>
            <h2 className="font-semibold text-zinc-900">Your data</h2>
            <p className="mt-1">
              We use your message only to answer it. See the{' '}
              <a className="text-accent-700 underline underline-offset-2" href="/privacy">
                privacy policy
              </a>
              .
            </p>
          </div>
        </aside>
      </div>
    </PublicLayout>
  );
}
