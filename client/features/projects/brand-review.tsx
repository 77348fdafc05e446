import { useEffect, useRef, useState, type ReactNode } from 'react';
import { fontById, type FontId } from '#common/fonts.ts';
import type { BrandProposal, BrandWarning, FontProposal } from '#common/schemas/brand-reader.ts';
import { projectUpdateInput, type BrandKit, type ProjectUpdateInput } from '#common/schemas/projects.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { BUNDLED_CHOICES, FontPicker, previewFamily } from '#client/components/font-picker.tsx';
import { issuesByPath } from '#client/components/editor/spec-form.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useSayEnglish, useT } from '#client/lib/i18n-context.tsx';
import {
  contrastNote,
  initialChoices,
  isEmptyProposal,
  keptUpdate,
  siteName,
  type BrandChoices,
  type FontRole,
} from '#client/features/projects/brand-choices.ts';

const legend = 'mb-2 text-sm font-semibold text-zinc-900 dark:text-zinc-100';
const section = 'min-w-0 border-t border-zinc-200 pt-4 dark:border-zinc-800';

/** One proposal's "keep" box: a real checkbox with its label, so that a click or Space on either toggles it. */
function Keep({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex min-w-0 items-start gap-2 text-sm">
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-accent-600" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} />
      <span className="min-w-0 break-words">{children}</span>
    </label>
  );
}

function FontChoice({
  role,
  found,
  choice,
  onChange,
}: {
  role: FontRole;
  found: FontProposal;
  choice: BrandChoices['fonts'][FontRole];
  onChange: (next: BrandChoices['fonts'][FontRole]) => void;
}) {
  const t = useT();
  return (
    <div className="min-w-0 space-y-2">
      <Keep checked={choice.keep} onChange={(keep) => onChange({ ...choice, keep })}>
        {t(role === 'heading' ? 'projects.brandReview.useHeading' : 'projects.brandReview.useBody')}{' '}
        <span style={{ fontFamily: previewFamily(choice.fontId) }}>{fontById(choice.fontId).name}</span>
      </Keep>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t(found.fontId === null ? 'projects.brandReview.siteFontMissing' : 'projects.brandReview.siteFont', { family: found.family })}
      </p>
      <FontPicker
        label={t(role === 'heading' ? 'projects.brandReview.headingFont' : 'projects.brandReview.bodyFont')}
        value={choice.fontId}
        choices={BUNDLED_CHOICES}
        // Picking a font means using it.
        onChange={(fontId) => onChange({ keep: true, fontId: fontId as FontId })}
      />
    </div>
  );
}

/**
 * The review step of the brand-kit reader: each thing found on the site with its own
 * choice (logo, colours, fonts, name, tone), nothing saved until "Save brand kit", which
 * sends only what is kept. Used after a project is created and from the brand kit card.
 */

/** A warning of the proposal in the reader's words; the media library's refusal (English, the key) said through the validation catalog. */
function warningText(t: ReturnType<typeof useT>, say: (english: string) => string, warning: BrandWarning): string {
  if (warning.code === 'logoNotStored') return t('projects.brandReview.warning.logoNotStored', { reason: say(warning.reason) });
  if (warning.code === 'stylesheets') return t('projects.brandReview.warning.stylesheets', { count: warning.count });
  return t(`projects.brandReview.warning.${warning.code}`);
}
export function BrandReview({
  proposal,
  base,
  projectName,
  save,
  onSkip,
  skipLabel,
}: {
  proposal: BrandProposal;
  /** The kit the kept parts go into (what is not kept stays as it is). */
  base: BrandKit;
  projectName: string;
  save: (update: ProjectUpdateInput) => Promise<void>;
  onSkip: () => void;
  skipLabel: string;
}) {
  const t = useT();
  const say = useSayEnglish();
  const [choices, setChoices] = useState<BrandChoices>(() => initialChoices(proposal, base));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The review replaces what was there (a form, a progress message): focus follows it.
  useEffect(() => headingRef.current?.focus(), []);

  const site = siteName(proposal.url);
  const set = <K extends keyof BrandChoices>(key: K, value: BrandChoices[K]) => setChoices((c) => ({ ...c, [key]: value }));
  const empty = isEmptyProposal(proposal);

  const submit = async () => {
    const update = keptUpdate(base, proposal, choices);
    if (!update) return onSkip();
    const parsed = projectUpdateInput.safeParse(update);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    try {
      await save(parsed.data);
    } catch (error) {
      setFailure(errorMessage(error, t('projects.brandReview.saveFailed')));
    } finally {
      setPending(false);
    }
  };
  // The fields are checked before saving: after a failed check, focus goes to the first field to fix.
  useEffect(() => {
    if (Object.keys(errors).length > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return (
    <form
      ref={formRef}
      noValidate
      className="min-w-0 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) void submit();
      }}
    >
      <div>
        <h3 ref={headingRef} tabIndex={-1} className="text-base font-semibold break-words focus:outline-none">
          {empty ? t('projects.brandReview.emptyTitle', { site }) : t('projects.brandReview.title', { site })}
        </h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{empty ? t('projects.brandReview.emptyText') : t('projects.brandReview.text')}</p>
      </div>

      {proposal.warnings.length > 0 ? (
        <Alert tone="warning" title={t('projects.brandReview.warnings')}>
          <ul className="list-disc space-y-1 pl-4">
            {proposal.warnings.map((warning, i) => (
              // The same warning may come twice (two SVG logos with scripts).
              <li key={`${warning.code}-${i}`}>{warningText(t, say, warning)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {proposal.logo ? (
        <fieldset className={section}>
          <legend className={legend}>{t('projects.brandReview.logo')}</legend>
          <div className="flex flex-wrap items-center gap-3">
            <img
              src={proposal.logo.url}
              alt={t('projects.brandReview.logoAlt', { site })}
              className="h-16 max-w-full rounded-lg border border-zinc-200 bg-white object-contain p-1 dark:border-zinc-700"
            />
            <Keep checked={choices.logo} onChange={(logo) => set('logo', logo)}>
              {t('projects.brandReview.useLogo')}
            </Keep>
          </div>
        </fieldset>
      ) : null}

      {proposal.name !== null ? (
        <fieldset className={section}>
          <legend className={legend}>{t('projects.brandReview.name')}</legend>
          <div className="space-y-2">
            <Keep checked={choices.name.keep} onChange={(keep) => set('name', { ...choices.name, keep })}>
              {t('projects.brandReview.useName', { name: projectName })}
            </Keep>
            <TextField
              label={t('projects.brandReview.siteName')}
              value={choices.name.value}
              maxLength={80}
              error={errors.name}
              onChange={(e) => set('name', { keep: true, value: e.currentTarget.value })}
            />
          </div>
        </fieldset>
      ) : null}

      {proposal.colors.length > 0 ? (
        <fieldset className={section}>
          <legend className={legend}>{t('projects.brandReview.colors')}</legend>
          {base.colors.length > 0 ? <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">{t('projects.brandReview.colorsReplace')}</p> : null}
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {proposal.colors.map((color) => (
              <li key={color.hex} className="flex min-w-0 items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-8 shrink-0 rounded-md border border-zinc-300 dark:border-zinc-700"
                  style={{ backgroundColor: color.hex }}
                />
                <Keep
                  checked={choices.colors.includes(color.hex)}
                  onChange={(keep) => set('colors', keep ? [...choices.colors, color.hex] : choices.colors.filter((hex) => hex !== color.hex))}
                >
                  <span className="font-mono">{color.hex}</span> <span className="text-zinc-600 dark:text-zinc-400">— {contrastNote(t, color.contrast)}</span>
                </Keep>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {proposal.fonts.heading || proposal.fonts.body ? (
        <fieldset className={section}>
          <legend className={legend}>{t('projects.brandReview.fonts')}</legend>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {(['heading', 'body'] as const).map((role) => {
              const found = proposal.fonts[role];
              return found ? (
                <FontChoice
                  key={role}
                  role={role}
                  found={found}
                  choice={choices.fonts[role]}
                  onChange={(next) => set('fonts', { ...choices.fonts, [role]: next })}
                />
              ) : null;
            })}
          </div>
        </fieldset>
      ) : null}

      {proposal.tone !== null ? (
        <fieldset className={section}>
          <legend className={legend}>{t('projects.brandReview.tone')}</legend>
          <div className="space-y-2">
            <Keep checked={choices.tone.keep} onChange={(keep) => set('tone', { ...choices.tone, keep })}>
              {t('projects.brandReview.keepTone')}
            </Keep>
            <TextAreaField
              label={t('projects.brandReview.toneDraft')}
              value={choices.tone.value}
              rows={3}
              error={errors['brandKit.tone']}
              hint={t('projects.brandReview.toneHint')}
              onChange={(e) => set('tone', { keep: true, value: e.currentTarget.value })}
              className="[&_textarea]:min-h-20"
            />
          </div>
        </fieldset>
      ) : null}

      {failure ? <Alert tone="danger">{failure}</Alert> : null}

      <div className="flex flex-col-reverse gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:justify-end dark:border-zinc-800">
        <Button variant="secondary" onClick={onSkip} disabled={pending}>
          {empty ? t('projects.brandReview.continue') : skipLabel}
        </Button>
        {empty ? null : (
          <Button type="submit" pending={pending} pendingLabel={t('projects.brandReview.saving')}>
            {t('projects.brandReview.save')}
          </Button>
        )}
      </div>
    </form>
  );
}
