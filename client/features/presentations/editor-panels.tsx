import { KeyRound, RotateCcw } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { BRAND_FONTS, type FontId } from '#common/fonts.ts';
import { LOCALES, LOCALE_NAMES, isLocale } from '#common/i18n/locales.ts';
import { RADII, type FunnelTheme, type Radius } from '#common/schemas/blocks-theme.ts';
import { PRESENTATION_LIMITS } from '#common/schemas/presentations.ts';
import { Button } from '#client/components/button.tsx';
import type { FieldSpec } from '#client/components/editor/field-spec.ts';
import { SpecForm, type PickMedia } from '#client/components/editor/spec-form.tsx';
import { borderOf, inputClass, Labelled, PanelSection } from '#client/components/editor/field-controls.tsx';
import { HexColourError } from '#client/components/hex-colour-error.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { useFormat } from '#client/lib/format.ts';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useHexDraft } from '#client/lib/use-hex-draft.ts';
import type { PresentationPatch } from '#client/features/presentations/api.ts';
import type { Presentation, PresentationDocument } from '#client/features/presentations/model.ts';
import { slugError, SLUG_MAX } from '#client/features/presentations/rules.ts';

type Patch = (fields: Omit<PresentationPatch, 'baseRevision' | 'document'>) => Promise<unknown>;

type T = ReturnType<typeof useT>;

const detailFields = (t: T): readonly FieldSpec[] => [
  { kind: 'text', key: 'customerName', label: t('presentations.new.customer'), max: PRESENTATION_LIMITS.customerName },
  { kind: 'image', key: 'logo', label: t('presentations.details.logo') },
  { kind: 'text', key: 'headline', label: t('presentations.field.headline'), max: PRESENTATION_LIMITS.headline, hint: t('presentations.details.headlineHint') },
  {
    kind: 'text',
    key: 'intro',
    label: t('presentations.details.intro'),
    max: PRESENTATION_LIMITS.intro,
    multiline: true,
    rows: 5,
    hint: t('presentations.details.introHint'),
  },
];

/** Customer, logo, headline and intro: part of the document (autosaved, undoable). */
export function DetailsSection({
  doc,
  errors,
  onChange,
  onSeal,
  pickMedia,
}: {
  doc: PresentationDocument;
  errors: Record<string, string>;
  onChange: (doc: PresentationDocument, group?: string) => void;
  onSeal: () => void;
  pickMedia: PickMedia;
}) {
  const t = useT();
  const specs = useMemo(() => detailFields(t), [t]);
  return (
    <PanelSection title={t('presentations.details.title')}>
      <SpecForm specs={specs} value={doc} errors={errors} group="details" readOnly={false} onChange={onChange} onSeal={onSeal} pickMedia={pickMedia} />
    </PanelSection>
  );
}

/**
 * The language of the presentation's page (issue 28): the customer's, not the author's or the
 * visitor's. Part of the document like the funnels' language card's choice is of the funnel:
 * autosaved with it and undoable; the preview follows at once.
 */
export function LanguageSection({ doc, onChange }: { doc: PresentationDocument; onChange: (doc: PresentationDocument) => void }) {
  const t = useT();
  const id = useId();
  return (
    <PanelSection title={t('presentations.language.title')}>
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {t('presentations.language.label')}
        </label>
        <select
          id={id}
          value={doc.locale}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isLocale(value) && value !== doc.locale) onChange({ ...doc, locale: value });
          }}
          className={`${inputClass} ${borderOf(undefined)} h-9`}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {t('presentations.language.hint')}
        </p>
      </div>
    </PanelSection>
  );
}

/**
 * The project the presentation draws from (its library for pictures, its creatives, ads and
 * pages for the sections, its brand kit for the theme): saved at once, not undoable.
 */
export function ProjectSection({
  current,
  projects,
  onPatch,
}: {
  current: { id: string; name: string } | null;
  /** The projects the user may link (editor or owner). */
  projects: readonly { id: string; name: string }[];
  onPatch: Patch;
}) {
  const t = useT();
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const options = current && !projects.some((p) => p.id === current.id) ? [current, ...projects] : projects;
  return (
    <PanelSection title={t('presentations.project.title')}>
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {t('presentations.project.drawsFrom')}
        </label>
        <select
          id={id}
          value={current?.id ?? ''}
          disabled={pending}
          aria-describedby={`${id}-hint`}
          onChange={async (e) => {
            const next = e.currentTarget.value || null;
            setPending(true);
            try {
              await onPatch({ projectId: next });
              setError(undefined);
            } catch (err) {
              setError(fieldError(err, 'projectId', t('presentations.project.failed')));
            } finally {
              setPending(false);
            }
          }}
          className={`${inputClass} ${borderOf(error)} h-9`}
        >
          <SelectOptions empty={t('presentations.project.none')} options={options.map((p) => ({ value: p.id, label: p.name }))} />
        </select>
        {error ? (
          <p className="mt-1 text-xs text-red-700 dark:text-red-400">{error}</p>
        ) : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {t('presentations.project.hint')}
          </p>
        )}
      </div>
    </PanelSection>
  );
}

const COLOR_FIELDS = [
  { key: 'primary', label: 'presentations.theme.primary' },
  { key: 'background', label: 'presentations.theme.background' },
  { key: 'surface', label: 'presentations.theme.surface' },
  { key: 'text', label: 'presentations.theme.text' },
  { key: 'muted', label: 'presentations.theme.muted' },
] as const satisfies readonly { key: keyof FunnelTheme['colors']; label: string }[];

const HEX = /^#[0-9a-f]{6}$/i;
const RADIUS_LABELS = {
  none: 'presentations.theme.radius.none',
  small: 'presentations.theme.radius.small',
  medium: 'presentations.theme.radius.medium',
  large: 'presentations.theme.radius.large',
} as const satisfies Record<Radius, string>;

function ColorRow({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const t = useT();
  const id = useId();
  const { text, type, invalid } = useHexDraft(value, onChange);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('presentations.theme.picker', { label })}
          value={HEX.test(value) ? value : '#000000'}
          onChange={(e) => onChange(e.currentTarget.value.toLowerCase())}
          className="h-9 w-10 shrink-0 cursor-pointer rounded-[var(--radius-control)] border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <input
          id={id}
          value={text}
          spellCheck={false}
          maxLength={7}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => type(e.currentTarget.value)}
          className={`${inputClass} ${borderOf(invalid ? 'x' : undefined)} h-9 font-mono`}
        />
      </div>
      <HexColourError id={`${id}-error`} invalid={invalid} />
    </div>
  );
}

/** Colours, fonts and corners of the page (from the customer's or the author's brand). */
export function ThemeSection({
  theme,
  brandTheme,
  onChange,
  onSeal,
}: {
  theme: FunnelTheme;
  /** The linked project's brand kit as a theme, for "Use the brand kit". */
  brandTheme: FunnelTheme | null;
  onChange: (theme: FunnelTheme, group?: string) => void;
  onSeal: () => void;
}) {
  const t = useT();
  const fontId = useId();
  const set = (next: FunnelTheme, group?: string) => onChange(next, group);
  return (
    <PanelSection title={t('presentations.theme.title')}>
      {COLOR_FIELDS.map((f) => (
        <ColorRow
          key={f.key}
          label={t(f.label)}
          value={theme.colors[f.key]}
          onChange={(v) => set({ ...theme, colors: { ...theme.colors, [f.key]: v } }, `theme:${f.key}`)}
        />
      ))}
      {(['heading', 'body'] as const).map((which) => (
        <div key={which}>
          <label htmlFor={`${fontId}-${which}`} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
            {which === 'heading' ? t('presentations.theme.headingFont') : t('presentations.theme.bodyFont')}
          </label>
          <select
            id={`${fontId}-${which}`}
            value={theme.fonts[which]}
            onChange={(e) => {
              onSeal();
              set({ ...theme, fonts: { ...theme.fonts, [which]: e.currentTarget.value as FontId } });
            }}
            className={`${inputClass} ${borderOf(undefined)} h-9`}
          >
            {BRAND_FONTS.map((font) => (
              <option key={font.id} value={font.id}>
                {font.name}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div>
        <label htmlFor={`${fontId}-radius`} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          {t('presentations.theme.corners')}
        </label>
        <select
          id={`${fontId}-radius`}
          value={theme.radius}
          onChange={(e) => set({ ...theme, radius: e.currentTarget.value as Radius })}
          className={`${inputClass} ${borderOf(undefined)} h-9`}
        >
          {RADII.map((r) => (
            <option key={r} value={r}>
              {t(RADIUS_LABELS[r])}
            </option>
          ))}
        </select>
      </div>
      {brandTheme && JSON.stringify(brandTheme) !== JSON.stringify(theme) ? (
        <Button variant="secondary" size="sm" onClick={() => set(brandTheme)}>
          <RotateCcw className="size-4" aria-hidden="true" /> {t('presentations.theme.useBrand')}
        </Button>
      ) : null}
    </PanelSection>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  // A datetime-local value: the day and the time joined by T (YYYY-MM-DDTHH:mm).
  return [`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, `${pad(d.getHours())}:${pad(d.getMinutes())}`].join('T');
}

function fieldError(error: unknown, field: string, fallback: string): string {
  if (error instanceof ApiError) return error.details?.[field]?.[0] ?? errorMessage(error, fallback);
  return fallback;
}

/**
 * The address, password and expiry: saved when the field is left or its button is pressed
 * (not undoable, like a name), each with the server's message under it.
 */
export function SharingSection({ presentation, onPatch }: { presentation: Pick<Presentation, 'slug' | 'hasPassword' | 'expiresAt'>; onPatch: Patch }) {
  const t = useT();
  const format = useFormat();
  const [slug, setSlug] = useState(presentation.slug);
  const [password, setPassword] = useState('');
  const [expiry, setExpiry] = useState(toLocalInput(presentation.expiresAt));
  const [errors, setErrors] = useState<{ slug?: string | undefined; password?: string | undefined; expiresAt?: string | undefined }>({});
  const [pending, setPending] = useState<null | 'password' | 'expiresAt'>(null);
  const [note, setNote] = useState('');
  const slugProblem = slug !== presentation.slug ? slugError(t, slug.trim().toLowerCase()) : undefined;

  const commitSlug = async () => {
    const value = slug.trim().toLowerCase();
    if (value === presentation.slug) return setErrors((e) => ({ ...e, slug: undefined }));
    const problem = slugError(t, value);
    if (problem) return setErrors((e) => ({ ...e, slug: problem }));
    try {
      await onPatch({ slug: value });
      setErrors((e) => ({ ...e, slug: undefined }));
      setNote(t('presentations.sharing.addressNow', { slug: value }));
    } catch (error) {
      setErrors((e) => ({ ...e, slug: fieldError(error, 'slug', t('presentations.sharing.addressFailed')) }));
    }
  };

  const commit = async (field: 'password' | 'expiresAt', value: string | null, done: string) => {
    setPending(field);
    try {
      await onPatch({ [field]: value });
      setErrors((e) => ({ ...e, [field]: undefined }));
      setNote(done);
      if (field === 'password') setPassword('');
    } catch (error) {
      setErrors((e) => ({ ...e, [field]: fieldError(error, field, t('presentations.sharing.changeFailed')) }));
    } finally {
      setPending(null);
    }
  };

  const setPasswordNow = () => {
    const { passwordMin: min, passwordMax: max } = PRESENTATION_LIMITS;
    if (password.length < min) return setErrors((e) => ({ ...e, password: t('presentations.sharing.passwordShort', { min }) }));
    if (password.length > max) return setErrors((e) => ({ ...e, password: t('presentations.sharing.passwordLong', { max }) }));
    void commit('password', password, t('presentations.sharing.passwordSet'));
  };

  const saveExpiry = () => {
    if (!expiry) return void commit('expiresAt', null, t('presentations.sharing.noExpiry'));
    const at = new Date(expiry);
    if (Number.isNaN(at.getTime())) return setErrors((e) => ({ ...e, expiresAt: t('presentations.sharing.pickDate') }));
    if (at.getTime() <= Date.now()) return setErrors((e) => ({ ...e, expiresAt: t('presentations.sharing.future') }));

    void commit('expiresAt', at.toISOString(), t('presentations.sharing.expiresOn', { date: format.date(at, 'dateTime') }));
  };

  return (
    <PanelSection title={t('presentations.sharing.title')}>
      <Labelled label={t('presentations.new.address')} error={errors.slug ?? slugProblem} hint={`/presents/${slug || '…'}`}>
        {(id, describedBy) => (
          <input
            id={id}
            className={`${inputClass} ${borderOf(errors.slug ?? slugProblem)} h-9 font-mono`}
            value={slug}
            maxLength={SLUG_MAX + 16}
            spellCheck={false}
            aria-invalid={errors.slug || slugProblem ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setSlug(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
            onBlur={() => void commitSlug()}
          />
        )}
      </Labelled>
      <Labelled
        label={presentation.hasPassword ? t('presentations.sharing.newPassword') : t('presentations.sharing.password')}
        error={errors.password}
        hint={presentation.hasPassword ? t('presentations.sharing.protectedHint') : t('presentations.sharing.passwordHint')}
      >
        {(id, describedBy) => (
          <div className="flex gap-2">
            <input
              id={id}
              type="password"
              autoComplete="new-password"
              className={`${inputClass} ${borderOf(errors.password)} h-9`}
              value={password}
              maxLength={140}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setPassword(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  setPasswordNow();
                }
              }}
            />
            <Button size="sm" variant="secondary" className="!h-9 shrink-0" pending={pending === 'password'} disabled={!password} onClick={setPasswordNow}>
              <KeyRound className="size-4" aria-hidden="true" /> {t('presentations.sharing.set')}
            </Button>
          </div>
        )}
      </Labelled>
      {presentation.hasPassword ? (
        <Button variant="ghost" size="sm" onClick={() => void commit('password', null, t('presentations.sharing.passwordRemoved'))}>
          {t('presentations.sharing.removePassword')}
        </Button>
      ) : null}
      <Labelled
        label={t('presentations.sharing.expires')}
        error={errors.expiresAt}
        hint={t('presentations.sharing.expiresHint', { zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}
      >
        {(id, describedBy) => (
          <div className="flex gap-2">
            <input
              id={id}
              type="datetime-local"
              className={`${inputClass} ${borderOf(errors.expiresAt)} h-9 min-w-0`}
              value={expiry}
              aria-invalid={errors.expiresAt ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => setExpiry(event.target.value)}
            />
            <Button
              size="sm"
              variant="secondary"
              className="!h-9 shrink-0"
              pending={pending === 'expiresAt'}
              disabled={expiry === toLocalInput(presentation.expiresAt)}
              onClick={saveExpiry}
            >
              {t('presentations.sharing.save')}
            </Button>
          </div>
        )}
      </Labelled>
      {presentation.expiresAt ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setExpiry('');
            void commit('expiresAt', null, t('presentations.sharing.noExpiry'));
          }}
        >
          {t('presentations.sharing.removeExpiry')}
        </Button>
      ) : null}
      <p role="status" aria-live="polite" className="text-xs text-emerald-700 dark:text-emerald-400">
        {note}
      </p>
    </PanelSection>
  );
}
