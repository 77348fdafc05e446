import { Globe, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { FontId } from '#common/fonts.ts';
import { MAX_BRAND_COLORS, type BrandKit, type ProjectDetail, type ProjectUpdateInput } from '#common/schemas/projects.ts';
import { Button } from '#client/components/button.tsx';
import { NewButton } from '#client/components/new-button.tsx';
import { BUNDLED_CHOICES, FontPicker } from '#client/components/font-picker.tsx';
import { TextAreaField } from '#client/components/field.tsx';
import { Card } from '#client/components/page-header.tsx';
import { SaveIndicator } from '#client/components/editor/save-indicator.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { projectsApi } from '#client/features/projects/api.ts';
import { BrandGuardField } from '#client/features/projects/brand-guard-field.tsx';

// Opened on demand: the library's picker (with its uploader) and the website reader load when first used,
// which keeps the project screen's chunk within its budget.
const MediaPicker = lazy(() => import('#client/components/media-picker.tsx').then((m) => ({ default: m.MediaPicker })));
const BrandReadDialog = lazy(() => import('#client/features/projects/brand-read-dialog.tsx').then((m) => ({ default: m.BrandReadDialog })));

const HEX = /^#[0-9a-f]{6}$/i;

/** The kit as the server stores it (the schema lowercases colours and trims the tone): what "unsaved" compares. The guard's strictness is the owner's switch, not the card's. */
function normalised(kit: BrandKit): string {
  return JSON.stringify({ ...kit, strict: undefined, colors: kit.colors.map((c) => c.toLowerCase()), tone: kit.tone.trim() });
}

/** A moment after the last change, as the creative editor does. */
const AUTOSAVE_DELAY_MS = 800;

/**
 * The brand kit: logo from the library (or uploaded there from its picker), up to 8 colours, heading and body font, tone of
 * voice. Changes save themselves a moment after the last one (and when the screen is left),
 * like the creative editor's; closing the page with a change not saved yet asks first.
 */
export function BrandKitCard({ project, onSaved }: { project: ProjectDetail; onSaved: (project: ProjectDetail) => void }) {
  const t = useT();
  const toast = useToast();
  const canEdit = project.role !== 'viewer' && !project.archived;
  const [kit, setKit] = useState<BrandKit>(project.brandKit);
  // What the server has as far as this card knows, and from which version of the project.
  const [saved, setSaved] = useState({ kit: project.brandKit, at: project.updatedAt });
  // The picked logo's preview, until it is saved (then the project's logoUrl shows it).
  const [picked, setPicked] = useState<{ id: string; url: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  // A failed save and the kit it failed for: no retry loop, the next change (or Retry) tries again.
  const [failure, setFailure] = useState<{ kit: BrandKit; message: string } | null>(null);

  // A newer kit in the project (another member's, seen on a reload) replaces the one shown,
  // unless this card has changes of its own not saved yet. A reload of the same version does nothing.
  if (project.updatedAt > saved.at && normalised(project.brandKit) !== normalised(saved.kit)) {
    if (normalised(kit) === normalised(saved.kit)) {
      setKit(project.brandKit);
      setPicked(null);
    }
    setSaved({ kit: project.brandKit, at: project.updatedAt });
  }

  const dirty = normalised(kit) !== normalised(saved.kit);
  const invalidColor = kit.colors.some((c) => !HEX.test(c));
  const failedNow = failure !== null && failure.kit === kit;

  // One save at a time, each sending the whole kit (the website reader's too): a later one never lands before an earlier one.
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const sendUpdate = (update: ProjectUpdateInput) => {
    const request = inFlight.current.then(() => projectsApi.update(project.id, update));
    inFlight.current = request.catch(() => undefined);
    return request;
  };
  const send = (next: BrandKit) => sendUpdate({ brandKit: next });
  const took = (result: ProjectDetail) => {
    setSaved({ kit: result.brandKit, at: result.updatedAt });
    setFailure(null);
    onSaved(result);
  };

  const save = async (next: BrandKit) => {
    setSaving(true);
    try {
      took(await send(next));
    } catch (error) {
      setFailure({ kit: next, message: errorMessage(error, t('projects.brandKit.saveFailed')) });
    } finally {
      setSaving(false);
    }
  };
  const autosave = useEffectEvent((next: BrandKit) => void save(next));

  useEffect(() => {
    if (!canEdit || !dirty || invalidColor || saving || failedNow) return;
    const timer = setTimeout(() => autosave(kit), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [kit, canEdit, dirty, invalidColor, saving, failedNow]);

  // Leaving the screen saves what is not saved yet: the request outlives the card.
  const saveOnLeave = useEffectEvent(() => {
    if (!canEdit || !dirty || invalidColor) return;
    send(kit).catch((error: unknown) => toast({ tone: 'error', message: errorMessage(error, t('projects.brandKit.saveFailed')) }));
  });
  useEffect(() => () => saveOnLeave(), []);

  // Closing or reloading the page with a change not saved yet asks first.
  useEffect(() => {
    if (!dirty || !canEdit) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, canEdit]);

  const logoUrl =
    kit.logoMediaId === null ? null : kit.logoMediaId === project.brandKit.logoMediaId ? project.logoUrl : picked?.id === kit.logoMediaId ? picked.url : null;
  const fontLabels = { headingFont: t('projects.brandKit.headingFont'), bodyFont: t('projects.brandKit.bodyFont') };
  const setColor = (index: number, color: string) => setKit((k) => ({ ...k, colors: k.colors.map((c, i) => (i === index ? color : c)) }));

  return (
    <Card title={t('projects.brandKit.title')} description={t('projects.brandKit.description')}>
      <div className="space-y-5">
        {canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setReading(true)}>
            <Globe aria-hidden="true" className="size-4" />
            {t('projects.brandKit.readWebsite')}
          </Button>
        ) : null}
        <div>
          <p className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('projects.brandKit.logo')}</p>
          <div className="flex items-center gap-3">
            {logoUrl ? (
              <img
                src={logoUrl}
                alt={t('projects.brandKit.logo')}
                className="size-14 rounded-lg border border-zinc-200 bg-white object-contain dark:border-zinc-700"
              />
            ) : (
              <div className="grid size-14 place-items-center rounded-lg border border-dashed border-zinc-300 text-xs text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
                {t('projects.brandKit.noLogo')}
              </div>
            )}
            {canEdit ? (
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
                  {kit.logoMediaId ? t('projects.brandKit.changeLogo') : t('projects.brandKit.chooseLogo')}
                </Button>
                {kit.logoMediaId ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => {
                      setKit((k) => ({ ...k, logoMediaId: null }));
                    }}
                  >
                    {t('projects.brandKit.removeLogo')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>

        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('projects.brandKit.colors')}{' '}
            <span className="font-normal text-zinc-500">{t('projects.brandKit.colorCount', { count: kit.colors.length, max: MAX_BRAND_COLORS })}</span>
          </legend>
          <ul className="space-y-2">
            {kit.colors.map((color, index) => (
              <li key={index} className="flex items-center gap-2">
                <input
                  type="color"
                  value={HEX.test(color) ? color : '#000000'}
                  onChange={(e) => setColor(index, e.currentTarget.value)}
                  disabled={!canEdit}
                  aria-label={t('projects.brandKit.color', { index: index + 1 })}
                  className="h-9 w-11 cursor-pointer rounded border border-zinc-300 bg-white p-0.5 dark:border-zinc-700"
                />
                <input
                  value={color}
                  onChange={(e) => setColor(index, e.currentTarget.value.trim())}
                  readOnly={!canEdit}
                  aria-label={t('projects.brandKit.colorHex', { index: index + 1 })}
                  aria-invalid={HEX.test(color) ? undefined : true}
                  className={`h-9 w-28 rounded-[var(--radius-control)] border bg-white px-2 font-mono text-sm dark:bg-zinc-900 ${HEX.test(color) ? 'border-zinc-300 dark:border-zinc-700' : 'border-red-500'}`}
                />
                {canEdit ? (
                  <button
                    type="button"
                    aria-label={t('projects.brandKit.removeColor', { color })}
                    className="p-1 text-zinc-500 hover:text-zinc-900 dark:hover:text-white"
                    onClick={() => setKit((k) => ({ ...k, colors: k.colors.filter((_, i) => i !== index) }))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {invalidColor ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{t('projects.brandKit.invalidColor')}</p> : null}
          {canEdit && kit.colors.length < MAX_BRAND_COLORS ? (
            <NewButton variant="ghost" size="sm" className="mt-2" onClick={() => setKit((k) => ({ ...k, colors: [...k.colors, '#4f46e5'] }))}>
              {t('projects.brandKit.addColor')}
            </NewButton>
          ) : null}
          {kit.colors.length === 0 && !canEdit ? <p className="text-sm text-zinc-500">{t('projects.brandKit.noColors')}</p> : null}
        </fieldset>

        {/* Side by side only where the card is wide: in the project page's 22rem column two pickers cut the names. */}
        <div className="@container">
          <div className="grid grid-cols-1 gap-4 @md:grid-cols-2">
            {(Object.keys(fontLabels) as (keyof typeof fontLabels)[]).map((field) => (
              <FontPicker
                key={field}
                label={fontLabels[field]}
                labelClassName="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200"
                value={kit[field]}
                choices={BUNDLED_CHOICES}
                disabled={!canEdit}
                onChange={(font) => setKit((k) => ({ ...k, [field]: font as FontId }))}
              />
            ))}
          </div>
        </div>

        <TextAreaField
          label={t('projects.brandKit.tone')}
          value={kit.tone}
          onChange={(e) => {
            const tone = e.currentTarget.value;
            setKit((k) => ({ ...k, tone }));
          }}
          readOnly={!canEdit}
          rows={3}
          maxLength={500}
          hint={t('projects.brandKit.toneHint')}
          className="[&_textarea]:min-h-20"
        />
        <BrandGuardField project={project} onSaved={onSaved} />
        {canEdit ? (
          <SaveIndicator
            label={t('projects.brandKit.saveState')}
            className="flex min-h-5 items-center gap-1 text-xs"
            state={saving ? 'saving' : invalidColor || failedNow ? 'error' : dirty ? 'pending' : 'saved'}
            error={invalidColor ? t('projects.brandKit.notSavedColors') : t('projects.brandKit.notSaved', { reason: failure?.message ?? '' })}
            // A colour that is not one is fixed in its field, not retried.
            onRetry={invalidColor ? undefined : () => void save(kit)}
          />
        ) : null}
      </div>
      {/* The library's picker, with its uploader: a logo not in the library yet is uploaded here and picked as it arrives. */}
      {picking ? (
        <Suspense fallback={null}>
          <MediaPicker
            projectId={project.id}
            kind="image"
            title={t('projects.brandKit.pickLogo')}
            open={picking}
            onClose={() => setPicking(false)}
            onPick={(item) => {
              setKit((k) => ({ ...k, logoMediaId: item.id }));
              setPicked({ id: item.id, url: item.thumbnailUrl ?? item.fileUrl });
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
      {reading ? (
        <Suspense fallback={null}>
          <BrandReadDialog
            open
            onClose={() => setReading(false)}
            project={project}
            base={kit}
            save={sendUpdate}
            onSaved={(result) => {
              // The saved kit is what the card shows now (the logo's preview comes with the project).
              setKit(result.brandKit);
              setPicked(null);
              took(result);
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
