import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { BRAND_FONTS, fontById, type FontId } from '#common/fonts.ts';
import { contrastRatio, funnelThemeSchema, RADII, readableOn, type FunnelTheme, type Radius } from '#common/schemas/blocks-theme.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import { HexColourError } from '#client/components/hex-colour-error.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useHexDraft } from '#client/lib/use-hex-draft.ts';
import { funnelsApi, type FunnelDetail } from '#client/features/funnels/api.ts';

const HEX = /^#[0-9a-f]{6}$/i;

const COLOR_FIELDS: { key: keyof FunnelTheme['colors']; label: string; hint: string }[] = [
  { key: 'primary', label: 'Primary', hint: 'Buttons, links and accents' },
  { key: 'background', label: 'Background', hint: 'The page' },
  { key: 'surface', label: 'Surface', hint: 'Cards and alternating sections' },
  { key: 'text', label: 'Text', hint: 'Headings and body text' },
  { key: 'muted', label: 'Muted text', hint: 'Secondary text' },
];

export const RADIUS_LABELS: Record<Radius, string> = { none: 'Square', small: 'Small', medium: 'Medium', large: 'Large' };
const RADIUS_PX: Record<Radius, number> = { none: 0, small: 4, medium: 8, large: 16 };

const selectClass =
  'block h-10 w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-base text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 sm:text-sm';

function ColorField({
  label,
  hint,
  value,
  onChange,
  disabled,
}: {
  label: string;
  hint: string;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const { text, setText, type, invalid } = useHexDraft(value, onChange);
  return (
    <div className="min-w-0">
      <label htmlFor={`${id}-hex`} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
        {hint}
      </p>
      <div className="mt-1.5 flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} colour picker`}
          value={HEX.test(value) ? value : '#000000'}
          disabled={disabled}
          onChange={(e) => {
            setText(e.currentTarget.value);
            onChange(e.currentTarget.value);
          }}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-[var(--radius-control)] border border-zinc-300 bg-white p-1 disabled:cursor-not-allowed dark:border-zinc-700 dark:bg-zinc-900"
        />
        <input
          id={`${id}-hex`}
          value={text}
          disabled={disabled}
          spellCheck={false}
          maxLength={7}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
          onChange={(e) => type(e.currentTarget.value)}
          className={`block h-10 w-full min-w-0 rounded-[var(--radius-control)] border bg-white px-3 font-mono text-base text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 sm:text-sm dark:bg-zinc-900 dark:text-zinc-100 ${invalid ? 'border-red-500' : 'border-zinc-300 dark:border-zinc-700'}`}
        />
      </div>
      <HexColourError id={`${id}-error`} invalid={invalid} />
    </div>
  );
}

function FontField({ label, value, onChange, disabled }: { label: string; value: FontId; onChange: (v: FontId) => void; disabled: boolean }) {
  const id = useId();
  const font = fontById(value);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value as FontId)} className={selectClass}>
        {BRAND_FONTS.map((f) => (
          <option key={f.id} value={f.id} style={{ fontFamily: f.css }}>
            {f.name}
          </option>
        ))}
      </select>
      <p aria-hidden="true" className="mt-1.5 truncate text-lg text-zinc-800 dark:text-zinc-200" style={{ fontFamily: font.css }}>
        Surf lessons, Aa Bb 123
      </p>
    </div>
  );
}

/** A small sample of a page in the theme: heading, text, a button and a card. */
function ThemePreview({ theme }: { theme: FunnelTheme }) {
  const c = theme.colors;
  const radius = RADIUS_PX[theme.radius];
  return (
    <div
      role="img"
      aria-label="Preview of the theme: a heading, text, a card and a button"
      className="overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 p-4 dark:border-zinc-800"
      style={{ background: c.background, color: c.text, fontFamily: fontById(theme.fonts.body).css }}
    >
      <p className="text-xl font-bold" style={{ fontFamily: fontById(theme.fonts.heading).css }}>
        Learn to surf this spring
      </p>
      <p className="mt-1 text-sm" style={{ color: c.muted }}>
        Small groups, every level, boards included.
      </p>
      <div className="mt-3 p-3 text-sm" style={{ background: c.surface, borderRadius: radius }}>
        Beginners’ week from 149 €
      </div>
      <span className="mt-3 inline-block px-4 py-2 text-sm font-semibold" style={{ background: c.primary, color: readableOn(c.primary), borderRadius: radius }}>
        Book a lesson
      </span>
    </div>
  );
}

/** Low-contrast pairs worth a warning (WCAG AA for text: 4.5:1). */
function contrastWarnings(theme: FunnelTheme): string[] {
  const c = theme.colors;
  const warnings: string[] = [];
  if (![c.text, c.background, c.muted, c.surface].every((v) => HEX.test(v))) return warnings;
  if (contrastRatio(c.text, c.background) < 4.5) warnings.push('The text is hard to read on the background.');
  if (contrastRatio(c.muted, c.background) < 4.5) warnings.push('The muted text is hard to read on the background.');
  if (contrastRatio(c.text, c.surface) < 4.5) warnings.push('The text is hard to read on the surface colour.');
  return warnings;
}

/**
 * The funnel's theme: colours, heading and body fonts (previewed in their face), corner
 * radius, and "reset from brand kit" (the project's kit, applied here and saved with Save).
 */
export function ThemeEditor({ funnel, onSaved }: { funnel: FunnelDetail; onSaved: (funnel: FunnelDetail) => void }) {
  const toast = useToast();
  const canEdit = funnel.role !== 'viewer';
  const [theme, setTheme] = useState<FunnelTheme>(funnel.theme);
  const [pending, setPending] = useState(false);
  const [resetNote, setResetNote] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = JSON.stringify(theme) !== JSON.stringify(funnel.theme);
  const parsed = funnelThemeSchema.safeParse(theme);
  const warnings = contrastWarnings(theme);

  const setColor = (key: keyof FunnelTheme['colors'], value: string) => setTheme((t) => ({ ...t, colors: { ...t.colors, [key]: value } }));

  const save = async () => {
    if (!parsed.success || pending) return;
    setPending(true);
    setError(null);
    try {
      const saved = await funnelsApi.update(funnel.id, { theme: parsed.data });
      onSaved(saved);
      setTheme(saved.theme);
      setResetNote(false);
      toast({ tone: 'success', message: 'The theme was saved. Published pages show it at once.' });
    } catch (e) {
      setError(errorMessage(e, 'The theme could not be saved. Try again.'));
    } finally {
      setPending(false);
    }
  };

  const fromKit = JSON.stringify(theme) === JSON.stringify(funnel.brandTheme);
  const savedFromKit = JSON.stringify(funnel.theme) === JSON.stringify(funnel.brandTheme);
  const reset = () => {
    setTheme(funnel.brandTheme);
    setError(null);
    setResetNote(true);
  };

  return (
    <Card title="Theme" description="Colours, fonts and corners of every page in this funnel.">
      {canEdit && !savedFromKit && !dirty ? (
        <Alert tone="info" className="mb-4">
          This theme differs from the project’s brand kit (which may have changed since). Use “Reset from brand kit” to follow the kit again.
        </Alert>
      ) : null}
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <fieldset disabled={!canEdit} className="min-w-0 space-y-5">
          <legend className="sr-only">Theme</legend>
          <div className="grid min-w-0 gap-4 sm:grid-cols-2">
            {COLOR_FIELDS.map((f) => (
              <ColorField key={f.key} label={f.label} hint={f.hint} value={theme.colors[f.key]} disabled={!canEdit} onChange={(v) => setColor(f.key, v)} />
            ))}
          </div>
          <div className="grid min-w-0 gap-4 sm:grid-cols-2">
            <FontField
              label="Heading font"
              value={theme.fonts.heading}
              disabled={!canEdit}
              onChange={(v) => setTheme((t) => ({ ...t, fonts: { ...t.fonts, heading: v } }))}
            />
            <FontField
              label="Body font"
              value={theme.fonts.body}
              disabled={!canEdit}
              onChange={(v) => setTheme((t) => ({ ...t, fonts: { ...t.fonts, body: v } }))}
            />
          </div>
          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">Corners</legend>
            <div className="flex flex-wrap gap-2">
              {RADII.map((r) => (
                <label
                  key={r}
                  className={`inline-flex cursor-pointer items-center gap-2 rounded-[var(--radius-control)] border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600 ${theme.radius === r ? 'border-accent-600 bg-accent-50 dark:bg-accent-800/30' : 'border-zinc-300 dark:border-zinc-700'}`}
                >
                  <input
                    type="radio"
                    name="radius"
                    value={r}
                    checked={theme.radius === r}
                    onChange={() => setTheme((t) => ({ ...t, radius: r }))}
                    className="sr-only"
                  />
                  <span aria-hidden="true" className="size-4 border-2 border-current" style={{ borderRadius: RADIUS_PX[r] / 2 }} />
                  {RADIUS_LABELS[r]}
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>
        <div className="min-w-0 space-y-3">
          <ThemePreview theme={parsed.success ? parsed.data : funnel.theme} />
          {warnings.length ? (
            <Alert tone="warning" title="Check the contrast">
              <ul className="list-disc pl-4">
                {warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </div>
      </div>
      <MessageAlert message={error} className="mt-4" />
      {canEdit ? (
        <div className="mt-5 flex flex-wrap items-center justify-end gap-3">
          {dirty && !resetNote ? <span className="mr-auto text-sm text-zinc-600 dark:text-zinc-400">Unsaved changes</span> : null}
          {resetNote && dirty ? (
            <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
              The theme follows the brand kit again. Save it to apply it.
            </span>
          ) : null}
          <Button variant="secondary" disabled={fromKit} onClick={reset}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset from brand kit
          </Button>
          {dirty ? (
            <Button
              variant="ghost"
              onClick={() => {
                setTheme(funnel.theme);
                setResetNote(false);
              }}
            >
              Discard
            </Button>
          ) : null}
          <Button pending={pending} pendingLabel="Saving…" disabled={!dirty || !parsed.success} onClick={() => void save()}>
            Save theme
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
