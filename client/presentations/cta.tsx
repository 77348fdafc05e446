import { withRef, type CtaSectionProps } from '#common/schemas/presentations.ts';
import { isSafeHref } from '#common/schemas/blocks.ts';
import { BUTTON_PRIMARY, CtaBand } from '#client/blocks/shared.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { SectionComponentProps } from '#client/presentations/types.ts';

const INPUT = 'min-h-11 w-full rounded-(--fp-radius) border border-current/30 bg-white px-3 py-2 text-base text-zinc-900';

/**
 * The call to action: a booking or sign-up link that carries the author's affiliate code
 * (`?ref=`), or "I'm interested" (decision 0056): a small form (name, email, message) that
 * posts without script to the public page, whose answer reaches the author. Outside the public
 * page (editor, gallery) the form is shown but cannot be sent.
 */
export function CtaSection({ id, props, ctx }: SectionComponentProps<CtaSectionProps>) {
  if (props.action === 'interest')
    return <InterestForm id={id} props={props} action={ctx.mode === 'edge' ? ctx.interestAction : undefined} author={ctx.authorName} />;
  const href = withRef(props.href, ctx.refCode);
  return (
    <CtaBand id={id} tone={props.background} heading={props.heading} text={props.text}>
      <p className="mt-8">
        <a href={isSafeHref(href) ? href : '#'} className={BUTTON_PRIMARY}>
          {props.label}
        </a>
      </p>
    </CtaBand>
  );
}

function InterestForm({ id, props, action, author }: { id: string; props: CtaSectionProps; action: string | undefined; author: string }) {
  const t = useT();
  return (
    <CtaBand id={id} tone={props.background} heading={props.heading} text={props.text}>
      <form method="post" action={action} className="mx-auto mt-8 flex max-w-md flex-col gap-3 text-left" data-interest="">
        <input type="hidden" name="section" value={id} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('content.presentation.talk.name')}
          <input name="name" required autoComplete="name" maxLength={80} className={INPUT} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('content.presentation.talk.email')}
          <input name="email" type="email" required autoComplete="email" maxLength={254} className={INPUT} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('content.presentation.talk.message')}
          <textarea name="message" rows={3} maxLength={1000} className={INPUT} />
        </label>
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>{t('content.form.honeypot')}</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <p className="text-xs opacity-80">{t('content.presentation.talk.consent', { author: author || t('content.presentation.talk.theAuthor') })}</p>
        <button type="submit" className={`${BUTTON_PRIMARY} w-full`} disabled={action === undefined}>
          {props.label}
        </button>
      </form>
    </CtaBand>
  );
}
