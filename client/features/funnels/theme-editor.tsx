import type { I18n } from '@lingui/core';
import { RotateCcw } from 'lucide-react';
import type { MessageIds } from '#common/i18n/register.ts';
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
import { useT } from '#client/lib/i18n-context.tsx';

const HEX = /^#[0-9a-f]{6}$/i;

const COLOR_FIELDS: { key: keyof FunnelTheme['colors']; label: MessageIds; hint: MessageIds }[] = [
  { key: 'primary', label: 'funnels.theme.primary', hint: 'funnels.theme.primaryHint' },
  { key: 'background', label: 'funnels.theme.background', hint: 'funnels.theme.backgroundHint' },
  { key: 'surface', label: 'funnels.theme.surface', hint: 'funnels.theme.surfaceHint' },
  { key: 'text', label: 'funnels.theme.text', hint: 'funnels.theme.textHint' },
  { key: 'muted', label: 'funnels.theme.muted', hint: 'funnels.theme.mutedHint' },
];

export const RADIUS_LABELS = {
  none: 'funnels.theme.radius.none',
  small: 'funnels.theme.radius.small',
  medium: 'funnels.theme.radius.medium',
  large: 'funnels.theme.radius.large',
} as const satisfies Record<Radius, MessageIds>;
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
  const t = useT();
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
          aria-label={t('funnels.theme.picker', { label })}
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
  const t = useT();
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
        {t('funnels.theme.fontSample')}
      </p>
    </div>
  );
}

/** A small sample of a page in the theme: heading, text, a button and a card. */
function ThemePreview({ theme }: { theme: FunnelTheme }) {
  const t = useT();
  const c = theme.colors;
  const radius = RADIUS_PX[theme.radius];
  return (
    <div
      role="img"
      aria-label={t('funnels.theme.previewLabel')}
      className="overflow-hidden rounded-[var(--radius-card)] border border-zinc-200 p-4 dark:border-zinc-800"
      style={{ background: c.background, color: c.text, fontFamily: fontById(theme.fonts.body).css }}
    >
      <p className="text-xl font-bold" style={{ fontFamily: fontById(theme.fonts.heading).css }}>
        {t('funnels.theme.sampleHeading')}
      </p>
      <p className="mt-1 text-sm" style={{ color: c.muted }}>
        {t('funnels.theme.sampleText')}
      </p>
      <div className="mt-3 p-3 text-sm" style={{ background: c.surface, borderRadius: radius }}>
        {t('funnels.theme.sampleCard')}
      </div>
      <span className="mt-3 inline-block px-4 py-2 text-sm font-semibold" style={{ background: c.primary, color: readableOn(c.primary), borderRadius: radius }}>
        {t('funnels.theme.sampleButton')}
      </span>
    </div>
  );
}

/** Low-contrast pairs worth a warning (WCAG AA for text: 4.5:1). */
function contrastWarnings(t: I18n['_'], theme: FunnelTheme): string[] {
  const c = theme.colors;
  const warnings: string[] = [];
  if (![c.text, c.background, c.muted, c.surface].every((v) => HEX.test(v))) return warnings;
  if (contrastRatio(c.text, c.background) < 4.5) warnings.push(t('funnels.theme.contrastText'));
  if (contrastRatio(c.muted, c.background) < 4.5) warnings.push(t('funnels.theme.contrastMuted'));
  if (contrastRatio(c.text, c.surface) < 4.5) warnings.push(t('funnels.theme.contrastSurface'));
  return warnings;
}

/**
 * The funnel's theme: colours, heading and body fonts (previewed in their face), corner
 * radius, and "reset from brand kit" (the project's kit, applied here and saved with Save).
 */
export function ThemeEditor({ funnel, onSaved }: { funnel: FunnelDetail; onSaved: (funnel: FunnelDetail) => void }) {
  const t = useT();
  const toast = useToast();
  const canEdit = funnel.role !== 'viewer';
  const [theme, setTheme] = useState<FunnelTheme>(funnel.theme);
  const [pending, setPending] = useState(false);
  const [resetNote, setResetNote] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = JSON.stringify(theme) !== JSON.stringify(funnel.theme);
  const parsed = funnelThemeSchema.safeParse(theme);
  const warnings = contrastWarnings(t, theme);

  const setColor = (key: keyof FunnelTheme['colors'], value: string) => setTheme((current) => ({ ...current, colors: { ...current.colors, [key]: value } }));

  const save = async () => {
    if (!parsed.success || pending) return;
    setPending(true);
    setError(null);
    try {
      const saved = await funnelsApi.update(funnel.id, { theme: parsed.data });
      onSaved(saved);
      setTheme(saved.theme);
      setResetNote(false);
      toast({ tone: 'success', message: t('funnels.theme.saved') });
    } catch (e) {
      setError(errorMessage(e, t('funnels.theme.failed')));
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
    <Card title={t('funnels.theme.title')} description={t('funnels.theme.description')}>
      {canEdit && !savedFromKit && !dirty ? (
        <Alert tone="info" className="mb-4">
          {t('funnels.theme.differs')}
        </Alert>
      ) : null}
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <fieldset disabled={!canEdit} className="min-w-0 space-y-5">
          <legend className="sr-only">{t('funnels.theme.title')}</legend>
          <div className="grid min-w-0 gap-4 sm:grid-cols-2">
            {COLOR_FIELDS.map((f) => (
              <ColorField
                key={f.key}
                label={t(f.label)}
                hint={t(f.hint)}
                value={theme.colors[f.key]}
                disabled={!canEdit}
                onChange={(v) => setColor(f.key, v)}
              />
            ))}
          </div>
          <div className="grid min-w-0 gap-4 sm:grid-cols-2">
            <FontField
              label={t('funnels.theme.headingFont')}
              value={theme.fonts.heading}
              disabled={!canEdit}
              onChange={(v) => setTheme((current) => ({ ...current, fonts: { ...current.fonts, heading: v } }))}
            />
            <FontField
              label={t('funnels.theme.bodyFont')}
              value={theme.fonts.body}
              disabled={!canEdit}
              onChange={(v) => setTheme((current) => ({ ...current, fonts: { ...current.fonts, body: v } }))}
            />
          </div>
          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('funnels.theme.corners')}</legend>
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
                    onChange={() => setTheme((current) => ({ ...current, radius: r }))}
                    className="sr-only"
                  />
                  <span aria-hidden="true" className="size-4 border-2 border-current" style={{ borderRadius: RADIUS_PX[r] / 2 }} />
                  {t(RADIUS_LABELS[r])}
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>
        <div className="min-w-0 space-y-3">
          <ThemePreview theme={parsed.success ? parsed.data : funnel.theme} />
          {warnings.length ? (
            <Alert tone="warning" title={t('funnels.theme.checkContrast')}>
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
          {dirty && !resetNote ? <span className="mr-auto text-sm text-zinc-600 dark:text-zinc-400">{t('funnels.theme.unsaved')}</span> : null}
          {resetNote && dirty ? (
            <span role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
              {t('funnels.theme.followsKit')}
            </span>
          ) : null}
          <Button variant="secondary" disabled={fromKit} onClick={reset}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {t('funnels.theme.reset')}
          </Button>
          {dirty ? (
            <Button
              variant="ghost"
              onClick={() => {
                setTheme(funnel.theme);
                setResetNote(false);
              }}
            >
              {t('funnels.theme.discard')}
            </Button>
          ) : null}
          <Button pending={pending} pendingLabel={t('funnels.theme.saving')} disabled={!dirty || !parsed.success} onClick={() => void save()}>
            {t('funnels.theme.save')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
