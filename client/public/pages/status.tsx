import { buttonClass } from '#client/components/button.tsx';
import { PublicLayout, type PublicChrome } from '#client/public/layout.tsx';

function StatusBody({ code, title, text, reference }: { code: string; title: string; text: string; reference?: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-accent-700">{code}</p>
      <h1 className="mt-2 text-4xl font-semibold tracking-tight text-zinc-900">{title}</h1>
      <p className="mt-4 text-lg text-zinc-600">{text}</p>
      {reference ? (
        <p className="mt-6 rounded-md bg-zinc-100 px-3 py-2 font-mono text-sm text-zinc-700">
          Reference: <span data-testid="reference">{reference}</span>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass('primary', 'lg')}>
          Go to the home page
        </a>
        <a href="/contact" className={buttonClass('secondary', 'lg')}>
          Contact support
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
  return (
    <PublicLayout chrome={chrome}>
      <StatusBody
        code="404"
        title="Page not found"
        text="This page does not exist, or you do not have access to it. Check the address, or start again from the home page."
      />
    </PublicLayout>
  );
}

/** `/error` and every unexpected failure of a page: a friendly message, with the reference id when there is one. */
export function ErrorPage({ chrome, reference }: { chrome: PublicChrome; reference?: string | undefined }) {
  return (
    <PublicLayout chrome={chrome}>
      <StatusBody
        code="Error"
        title="Something went wrong"
        text={
          reference
            ? 'We could not complete that request. Please try again in a moment. If it keeps happening, contact us and mention the reference below.'
            : 'We could not complete that request. Please try again in a moment. If it keeps happening, contact us and tell us what you were doing.'
        }
        reference={reference}
      />
    </PublicLayout>
  );
}
