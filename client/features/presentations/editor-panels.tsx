import { KeyRound, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { BRAND_FONTS, type FontId } from '#common/fonts.ts';
import { RADII, type FunnelTheme, type Radius } from '#common/schemas/blocks-theme.ts';
import { PRESENTATION_LIMITS } from '#common/schemas/presentations.ts';
import { Button } from '#client/components/button.tsx';
import type { FieldSpec } from '#client/components/editor/field-spec.ts';
import { SpecForm, type PickMedia } from '#client/components/editor/spec-form.tsx';
import { borderOf, inputClass, Labelled, PanelSection } from '#client/components/editor/field-controls.tsx';
import { HexColourError } from '#client/components/hex-colour-error.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useHexDraft } from '#client/lib/use-hex-draft.ts';
import type { PresentationPatch } from '#client/features/presentations/api.ts';
import type { Presentation, PresentationDocument } from '#client/features/presentations/model.ts';
import { slugError, SLUG_MAX } from '#client/features/presentations/rules.ts';

type Patch = (fields: Omit<PresentationPatch, 'baseRevision' | 'document'>) => Promise<unknown>;

const DETAIL_FIELDS: readonly FieldSpec[] = [
  { kind: 'text', key: 'customerName', label: 'Customer', max: PRESENTATION_LIMITS.customerName },
  { kind: 'image', key: 'logo', label: 'Customer logo' },
  { kind: 'text', key: 'headline', label: 'Headline', max: PRESENTATION_LIMITS.headline, hint: 'The promise at the top, in the customer’s words.' },
  {
    kind: 'text',
    key: 'intro',
    label: 'Personal intro',
    max: PRESENTATION_LIMITS.intro,
    multiline: true,
    rows: 5,
    hint: 'A few personal lines to the customer: why you made this for them.',
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
  return (
    <PanelSection title="Customer and message">
      <SpecForm specs={DETAIL_FIELDS} value={doc} errors={errors} group="details" readOnly={false} onChange={onChange} onSeal={onSeal} pickMedia={pickMedia} />
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
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const options = current && !projects.some((p) => p.id === current.id) ? [current, ...projects] : projects;
  return (
    <PanelSection title="Project">
      <div>
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
          Draws from
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
              setError(fieldError(err, 'projectId', 'The project could not be linked.'));
            } finally {
              setPending(false);
            }
          }}
          className={`${inputClass} ${borderOf(error)} h-9`}
        >
          <SelectOptions empty="No project" options={options.map((p) => ({ value: p.id, label: p.name }))} />
        </select>
        {error ? (
          <p className="mt-1 text-xs text-red-700 dark:text-red-400">{error}</p>
        ) : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            Pictures, creatives, ads and pages are picked from this project.
          </p>
        )}
      </div>
    </PanelSection>
  );
}

const COLOR_FIELDS: { key: keyof FunnelTheme['colors']; label: string }[] = [
  { key: 'primary', label: 'Primary (buttons, links)' },
  { key: 'background', label: 'Background' },
  { key: 'surface', label: 'Surface (cards)' },
  { key: 'text', label: 'Text' },
  { key: 'muted', label: 'Muted text' },
];

const HEX = /^#[0-9a-f]{6}$/i;
const RADIUS_LABELS: Record<Radius, string> = { none: 'Square', small: 'Small', medium: 'Medium', large: 'Large' };

function ColorRow({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
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
          aria-label={`${label}: colour picker`}
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
  const fontId = useId();
  const set = (next: FunnelTheme, group?: string) => onChange(next, group);
  return (
    <PanelSection title="Theme">
      {COLOR_FIELDS.map((f) => (
        <ColorRow
          key={f.key}
          label={f.label}
          value={theme.colors[f.key]}
          onChange={(v) => set({ ...theme, colors: { ...theme.colors, [f.key]: v } }, `theme:${f.key}`)}
        />
      ))}
      {(['heading', 'body'] as const).map((which) => (
        <div key={which}>
          <label htmlFor={`${fontId}-${which}`} className="mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300">
            {which === 'heading' ? 'Heading font' : 'Body font'}
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
          Corners
        </label>
        <select
          id={`${fontId}-radius`}
          value={theme.radius}
          onChange={(e) => set({ ...theme, radius: e.currentTarget.value as Radius })}
          className={`${inputClass} ${borderOf(undefined)} h-9`}
        >
          {RADII.map((r) => (
            <option key={r} value={r}>
              {RADIUS_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      {brandTheme && JSON.stringify(brandTheme) !== JSON.stringify(theme) ? (
        <Button variant="secondary" size="sm" onClick={() => set(brandTheme)}>
          <RotateCcw className="size-4" aria-hidden="true" /> Use the project’s brand kit
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
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
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
  const [slug, setSlug] = useState(presentation.slug);
  const [password, setPassword] = useState('');
  const [expiry, setExpiry] = useState(toLocalInput(presentation.expiresAt));
  const [errors, setErrors] = useState<{ slug?: string | undefined; password?: string | undefined; expiresAt?: string | undefined }>({});
  const [pending, setPending] = useState<null | 'password' | 'expiresAt'>(null);
  const [note, setNote] = useState('');
  const slugProblem = slug !== presentation.slug ? slugError(slug.trim().toLowerCase()) : undefined;

  const commitSlug = async () => {
    const value = slug.trim().toLowerCase();
    if (value === presentation.slug) return setErrors((e) => ({ ...e, slug: undefined }));
    const problem = slugError(value);
    if (problem) return setErrors((e) => ({ ...e, slug: problem }));
    try {
      await onPatch({ slug: value });
      setErrors((e) => ({ ...e, slug: undefined }));
      setNote(`The address is now /presents/${value}.`);
    } catch (error) {
      setErrors((e) => ({ ...e, slug: fieldError(error, 'slug', 'The address could not be saved.') }));
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
      setErrors((e) => ({ ...e, [field]: fieldError(error, field, 'That change could not be saved.') }));
    } finally {
      setPending(null);
    }
  };

  const setPasswordNow = () => {
    if (password.length < 8) return setErrors((e) => ({ ...e, password: 'Use at least 8 characters.' }));
    if (password.length > 128) return setErrors((e) => ({ ...e, password: 'Use at most 128 characters.' }));
    void commit('password', password, 'The password is set: visitors type it once, then a cookie remembers them.');
  };

  const saveExpiry = () => {
    if (!expiry) return void commit('expiresAt', null, 'The presentation no longer expires.');
    const at = new Date(expiry);
    if (Number.isNaN(at.getTime())) return setErrors((e) => ({ ...e, expiresAt: 'Pick a date and time.' }));
    if (at.getTime() <= Date.now()) return setErrors((e) => ({ ...e, expiresAt: 'Pick a moment in the future.' }));
    void commit('expiresAt', at.toISOString(), `It expires on ${at.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}.`);
  };

  return (
    <PanelSection title="Address and access">
      <Labelled label="Address" error={errors.slug ?? slugProblem} hint={`/presents/${slug || '…'}`}>
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
        label={presentation.hasPassword ? 'New password' : 'Password'}
        error={errors.password}
        hint={presentation.hasPassword ? 'Protected: visitors need the password.' : 'Optional: at least 8 characters. Link previews never show the content.'}
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
              <KeyRound className="size-4" aria-hidden="true" /> Set
            </Button>
          </div>
        )}
      </Labelled>
      {presentation.hasPassword ? (
        <Button variant="ghost" size="sm" onClick={() => void commit('password', null, 'The password was removed: anyone with the link can open it.')}>
          Remove the password
        </Button>
      ) : null}
      <Labelled label="Expires" error={errors.expiresAt} hint={`Optional. Your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}).`}>
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
              Save
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
            void commit('expiresAt', null, 'The presentation no longer expires.');
          }}
        >
          Remove the expiry date
        </Button>
      ) : null}
      <p role="status" aria-live="polite" className="text-xs text-emerald-700 dark:text-emerald-400">
        {note}
      </p>
    </PanelSection>
  );
}
