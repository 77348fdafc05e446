import { useT } from '#client/lib/i18n-context.tsx';
import { Icon, ICONS } from '#client/blocks/icon.tsx';
import type { FormField, FormProps } from '#common/schemas/blocks.ts';
import { BUTTON_PRIMARY, HEADING_FONT, Section } from '#client/blocks/shared.tsx';
import type { BlockContext, FormState } from '#client/blocks/types.ts';

const CONTROL =
  'block w-full min-h-12 rounded-(--fp-radius) border border-(--fp-border-strong) bg-(--fp-bg) px-4 py-3 text-base text-(--fp-text) focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-(--fp-primary) aria-invalid:border-(--fp-error)';

const AUTOCOMPLETE: Partial<Record<string, string>> = {
  name: 'name',
  full_name: 'name',
  first_name: 'given-name',
  last_name: 'family-name',
  company: 'organization',
  email: 'email',
  phone: 'tel',
};

function autoComplete(field: FormField): string | undefined {
  if (field.type === 'email') return 'email';
  if (field.type === 'phone') return 'tel';
  if (field.type === 'text') return AUTOCOMPLETE[field.name];
  return undefined;
}

const TICKED = new Set(['on', 'true', '1']);

function Field({ field, id, error, value }: { field: FormField; id: string; error?: string; value?: string }) {
  const t = useT();
  const errorId = `${id}-error`;
  const described = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const errorText = error && (
    <p id={errorId} className="mt-1.5 text-sm font-medium text-(--fp-error)">
      {error}
    </p>
  );
  const marker = field.required ? (
    <span aria-hidden="true" className="text-(--fp-error)">
      {' '}
      *
    </span>
  ) : (
    <span className="font-normal text-(--fp-muted)"> (optional)</span>
  );
  if (field.type === 'checkbox') {
    return (
      <div>
        <div className="flex items-start gap-3">
          <input
            id={id}
            name={field.name}
            type="checkbox"
            value="on"
            required={field.required}
            defaultChecked={value !== undefined && TICKED.has(value)}
            className="mt-0.5 size-5 shrink-0 accent-(--fp-primary)"
            {...described}
          />
          <label htmlFor={id} className="text-sm leading-relaxed whitespace-pre-line">
            {field.consentText || field.label}
            {field.required && (
              <span aria-hidden="true" className="text-(--fp-error)">
                {' '}
                *
              </span>
            )}
          </label>
        </div>
        {errorText}
      </div>
    );
  }
  const label = (
    <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
      {field.label}
      {marker}
    </label>
  );
  if (field.type === 'select') {
    return (
      <div>
        {label}
        <select id={id} name={field.name} required={field.required} defaultValue={value ?? ''} className={CONTROL} {...described}>
          <option value="">{t('content.form.choose')}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {errorText}
      </div>
    );
  }
  const type = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
  return (
    <div>
      {label}
      <input
        id={id}
        name={field.name}
        type={type}
        required={field.required}
        maxLength={field.type === 'email' ? 254 : field.type === 'phone' ? 40 : 500}
        autoComplete={autoComplete(field)}
        inputMode={field.type === 'phone' ? 'tel' : undefined}
        defaultValue={value}
        className={CONTROL}
        {...described}
      />
      {errorText}
    </div>
  );
}

/**
 * A lead form that works without JavaScript: a plain POST to `ctx.form.action` with the
 * block id as `formId`, the page's hidden inputs (UTM, referrer), native constraints, and
 * a honeypot `website` that people never see (bots fill it). After a submission the edge
 * renders it again with `ctx.form` errors and values, or `sent` (the success message). The
 * page's script adds the "Sending…" state: `[data-fp-form]` and its `[data-fp-submit]`.
 */
export function FormBlock({ id, props, ctx }: { id: string; props: FormProps; ctx: BlockContext }) {
  const headingId = `${id}-title`;
  const state: FormState | undefined = ctx.form && (ctx.form.formId === undefined || ctx.form.formId === id) ? ctx.form : undefined;
  const errors = state?.errors ?? {};
  const values = state?.values ?? {};
  const fieldErrors = props.fields.filter((f) => errors[f.name]).length;
  const hidden = Object.entries(ctx.form?.hidden ?? {}).filter(([name]) => name !== 'formId' && name !== 'website');
  const t = useT();
  return (
    <Section id={id} tone="surface" labelledBy={props.title ? headingId : undefined}>
      <div className="mx-auto max-w-xl rounded-(--fp-radius-card) bg-(--fp-bg) p-6 text-(--fp-text) shadow-sm sm:p-10">
        {props.title && (
          <h2 id={headingId} className={`${HEADING_FONT} text-2xl leading-tight font-bold tracking-tight sm:text-3xl`}>
            {props.title}
          </h2>
        )}
        {state?.sent ? (
          <div role="status" className="mt-4 flex items-start gap-3 text-lg">
            <Icon icon={ICONS.circleCheck} className="mt-1 size-6 shrink-0 text-(--fp-link)" />
            <p className="whitespace-pre-line">{props.successMessage}</p>
          </div>
        ) : (
          <>
            {props.intro && <p className="mt-3 leading-relaxed whitespace-pre-line text-(--fp-muted)">{props.intro}</p>}
            <form method="post" action={ctx.form?.action} data-fp-form="" className="relative mt-6 space-y-5">
              {(fieldErrors > 0 || errors._) && (
                <p role="alert" className="rounded-(--fp-radius) border border-(--fp-error) px-4 py-3 text-sm font-medium text-(--fp-error)">
                  {errors._ ?? t('content.form.fix', { count: fieldErrors })}
                </p>
              )}
              <input type="hidden" name="formId" value={id} />
              {hidden.map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              {props.fields.map((field) => (
                <Field key={field.name} field={field} id={`${id}-${field.name}`} error={errors[field.name]} value={values[field.name]} />
              ))}
              <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
                <label htmlFor={`${id}-website`}>{t('content.form.honeypot')}</label>
                <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
              </div>
              <button type="submit" data-fp-submit="" data-fp-sending={t('content.form.sending')} className={`${BUTTON_PRIMARY} w-full`}>
                {props.submitLabel}
              </button>
            </form>
          </>
        )}
      </div>
    </Section>
  );
}
