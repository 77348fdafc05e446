import { Plus, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Section, SectionType } from '#common/schemas/presentations.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Thumbnail, TILE } from '#client/components/thumbnail.tsx';
import { MoveButtons } from '#client/components/editor/move-buttons.tsx';
import { SpecForm, type PickMedia } from '#client/components/editor/spec-form.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import type { Resource } from '#client/lib/use-resource.ts';
import type { PresentationSources, Resolved } from '#client/features/presentations/model.ts';
import { itemFields, PICKED, sectionFields } from '#client/features/presentations/section-specs.ts';
import { sectionErrors } from '#client/features/presentations/validation.ts';

type Kind = 'creationId' | 'adId' | 'pageId';
type Item = Record<string, unknown>;

/** Something of the project a section can show: its id, name and a small picture. */
interface Choice {
  id: string;
  name: string;
  detail: string;
  thumb: { src: string; width: number; height: number } | null;
}

const pictureOf = (image: { src: string; width: number; height: number }) => ({ src: image.src, width: image.width, height: image.height });
const thumbOf = (picture: { url: string; width: number; height: number } | undefined) => (picture ? pictureOf({ ...picture, src: picture.url }) : null);

/** Each kind's words: the picker's title, the items' legend and name, the prompt and the empty project. */
function wordsOf(t: ReturnType<typeof useT>, kind: Kind) {
  switch (kind) {
    case 'creationId':
      return {
        title: t('presentations.pick.creationId.title'),
        legend: t('presentations.pick.creationId.legend'),
        item: (number: number) => t('presentations.pick.creationId.item', { number }),
        missing: t('presentations.pick.creationId.missing'),
        add: t('presentations.pick.creationId.add'),
        none: (project: string) => t('presentations.pick.creationId.none', { project }),
      };
    case 'adId':
      return {
        title: t('presentations.pick.adId.title'),
        legend: t('presentations.pick.adId.legend'),
        item: (number: number) => t('presentations.pick.adId.item', { number }),
        missing: t('presentations.pick.adId.missing'),
        add: t('presentations.pick.adId.add'),
        none: (project: string) => t('presentations.pick.adId.none', { project }),
      };
    case 'pageId':
      return {
        title: t('presentations.pick.pageId.title'),
        legend: t('presentations.pick.pageId.legend'),
        item: (number: number) => t('presentations.pick.pageId.item', { number }),
        missing: t('presentations.pick.pageId.missing'),
        add: t('presentations.pick.pageId.add'),
        none: (project: string) => t('presentations.pick.pageId.none', { project }),
      };
  }
}

function choicesOf(kind: Kind, sources: PresentationSources, notPublished: string): Choice[] {
  switch (kind) {
    case 'creationId':
      return sources.creations.map((c) => ({ id: c.id, name: c.name, detail: `${c.image.width}×${c.image.height}`, thumb: pictureOf(c.image) }));
    case 'adId':
      return sources.ads.map((a) => ({ id: a.id, name: a.name, detail: a.headline || a.status, thumb: thumbOf(a.items[0]) }));
    case 'pageId':
      return sources.pages.map((p) => ({ id: p.id, name: p.title, detail: `${p.funnelTitle} · ${p.url ?? notPublished}`, thumb: null }));
  }
}

/** What the editor knows about a picked id: from the presentation's resolved lookups or the project's sources. */
function known(kind: Kind, id: string, resolved: Resolved, sources: PresentationSources | undefined, notPublished: string): Choice | undefined {
  const fromSources = sources ? choicesOf(kind, sources, notPublished).find((c) => c.id === id) : undefined;
  if (fromSources) return fromSources;
  if (kind === 'creationId' && resolved.creations[id]) {
    const c = resolved.creations[id];
    return { id, name: c.name, detail: `${c.width}×${c.height}`, thumb: pictureOf(c) };
  }
  if (kind === 'adId' && resolved.ads[id]) {
    const a = resolved.ads[id];
    return { id, name: a.name, detail: a.headline, thumb: thumbOf(a.items[0]) };
  }
  if (kind === 'pageId' && resolved.pages[id]) {
    const p = resolved.pages[id];
    return { id, name: p.title, detail: p.funnelTitle, thumb: null };
  }
  return undefined;
}

/** Picks one of the linked project's rendered creatives, ads or funnel pages. */
function SourcePicker({
  open,
  kind,
  sources,
  onClose,
  onPick,
}: {
  open: boolean;
  kind: Kind;
  sources: Resource<PresentationSources>;
  onClose: () => void;
  onPick: (choice: Choice) => void;
}) {
  const t = useT();
  const choices = sources.status === 'ready' ? choicesOf(kind, sources.data, t('presentations.pick.notPublished')) : [];
  const project = sources.status === 'ready' ? sources.data.project : null;
  return (
    <Dialog open={open} title={wordsOf(t, kind).title} onClose={onClose} wide>
      {sources.status === 'loading' ? <SkeletonLines lines={4} label={t('presentations.pick.loading')} /> : null}
      {sources.status === 'error' ? <LoadFailed title={t('presentations.pick.loadFailed')} onRetry={sources.reload} /> : null}
      {sources.status === 'ready' && !project ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('presentations.pick.noProject')}</p> : null}
      {sources.status === 'ready' && project && choices.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{wordsOf(t, kind).none(project.name)}</p>
      ) : null}
      {choices.length > 0 ? (
        <ul className="grid max-h-[60vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-4">
          {choices.map((choice) => (
            <li key={choice.id} className="min-w-0">
              <button
                type="button"
                onClick={() => onPick(choice)}
                className="block w-full overflow-hidden rounded-lg border border-zinc-200 bg-white text-left hover:border-accent-600 focus-visible:ring-2 focus-visible:ring-accent-600 dark:border-zinc-700 dark:bg-zinc-900"
              >
                {choice.thumb ? (
                  <Thumbnail {...choice.thumb} alt={choice.name} className={TILE} />
                ) : (
                  <span className="grid aspect-[4/3] w-full place-items-center bg-zinc-100 px-2 text-center text-xs text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
                    {choice.detail}
                  </span>
                )}
                {/* With a thumbnail, its alt text names the option: the name is not read twice. */}
                <span aria-hidden={choice.thumb ? true : undefined} className="block truncate px-2 pt-1 text-sm font-medium">
                  {choice.name}
                </span>
                <span className="block truncate px-2 pb-1 text-xs text-zinc-500 dark:text-zinc-400">{choice.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}

/** The items of a creatives, ad previews or funnel pages section: what each points to, its own fields, order. */
function PickedItems({
  type,
  items,
  errors,
  group,
  resolved,
  sources,
  onItems,
  onPicked,
  onSeal,
  pickMedia,
}: {
  type: SectionType;
  items: Item[];
  errors: Record<string, string>;
  group: string;
  resolved: Resolved;
  sources: Resource<PresentationSources>;
  onItems: (items: Item[], group?: string) => void;
  onPicked: (kind: Kind, id: string) => void;
  onSeal: () => void;
  pickMedia: PickMedia;
}) {
  const t = useT();
  const fields = useMemo(() => itemFields(t)[type], [t, type]);
  const picked = PICKED[type]!;
  const words = wordsOf(t, picked.key);
  const [choosing, setChoosing] = useState<number | 'new' | null>(null);
  const data = sources.status === 'ready' ? sources.data : undefined;
  const set = (index: number, item: Item, g?: string) =>
    onItems(
      items.map((it, i) => (i === index ? item : it)),
      g,
    );
  const move = (from: number, to: number) => {
    const copy = [...items];
    const [item] = copy.splice(from, 1);
    copy.splice(to, 0, item!);
    onItems(copy);
  };
  const itemErrors = (index: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([path]) => path.startsWith(`items.${index}.`))
        .map(([path, message]) => [path.slice(`items.${index}.`.length), message]),
    );
  const blank = (): Item => {
    const base: Item = { [picked.key]: '' };
    for (const spec of fields ?? []) base[spec.key] = spec.kind === 'image' ? null : '';
    return base;
  };

  return (
    <fieldset className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-xs font-semibold text-zinc-700 dark:text-zinc-300">{words.legend}</legend>
      <ol className="space-y-3">
        {items.map((item, index) => {
          const id = String(item[picked.key] ?? '');
          const found = id ? known(picked.key, id, resolved, data, t('presentations.pick.notPublished')) : undefined;
          const label = words.item(index + 1);
          return (
            <li key={index} className="min-w-0 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
              <div className="flex min-w-0 items-center gap-2">
                {found?.thumb ? <Thumbnail {...found.thumb} alt={found.name} className="size-10 shrink-0 rounded" /> : null}
                <div className="min-w-0 flex-1">
                  <p className={`truncate text-sm ${found ? 'font-medium' : 'text-red-700 dark:text-red-400'}`}>{found ? found.name : words.missing}</p>
                  {found ? <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{found.detail}</p> : null}
                </div>
                <MoveButtons
                  label={label}
                  index={index}
                  count={items.length}
                  onMove={(to) => move(index, to)}
                  onRemove={() => onItems(items.filter((_, i) => i !== index))}
                />
              </div>
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => setChoosing(index)}>
                <RefreshCw className="size-3.5" aria-hidden="true" />{' '}
                {found ? t('presentations.pick.change', { item: label }) : t('presentations.pick.choose', { item: label })}
              </Button>
              {fields ? (
                <div className="mt-2">
                  <SpecForm
                    specs={fields}
                    value={item}
                    errors={itemErrors(index)}
                    group={`${group}:items.${index}`}
                    readOnly={false}
                    onChange={(next, g) => set(index, next, g)}
                    onSeal={onSeal}
                    pickMedia={pickMedia}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      {errors.items ? <p className="mt-2 text-xs text-red-700 dark:text-red-400">{errors.items}</p> : null}
      <Button variant="secondary" size="sm" className="mt-3" disabled={items.length >= picked.max} onClick={() => setChoosing('new')}>
        <Plus className="size-4" aria-hidden="true" /> {words.add}
      </Button>
      <SourcePicker
        open={choosing !== null}
        kind={picked.key}
        sources={sources}
        onClose={() => setChoosing(null)}
        onPick={(choice) => {
          onPicked(picked.key, choice.id);
          if (choosing === 'new') onItems([...items, { ...blank(), [picked.key]: choice.id }]);
          else if (choosing !== null) set(choosing, { ...items[choosing], [picked.key]: choice.id });
          setChoosing(null);
        }}
      />
    </fieldset>
  );
}

/** The side panel's form of one section, with its schema's messages beside the fields. */
export function SectionForm({
  section,
  resolved,
  sources,
  onChange,
  onPicked,
  onSeal,
  pickMedia,
}: {
  section: Section;
  resolved: Resolved;
  sources: Resource<PresentationSources>;
  onChange: (props: Section['props'], group?: string) => void;
  /** A creative, ad or page was picked: the preview learns how to draw it. */
  onPicked: (kind: Kind, id: string) => void;
  onSeal: () => void;
  pickMedia: PickMedia;
}) {
  const t = useT();
  const specs = useMemo(() => sectionFields(t)[section.type], [t, section.type]);
  const errors = sectionErrors(section);
  const props = section.props as Record<string, unknown>;
  return (
    <div className="space-y-4">
      <SpecForm
        specs={specs}
        value={props}
        errors={errors}
        group={section.id}
        readOnly={false}
        onChange={(next, group) => onChange(next as Section['props'], group)}
        onSeal={onSeal}
        pickMedia={pickMedia}
      />
      {PICKED[section.type] ? (
        <PickedItems
          type={section.type}
          items={(props.items as Item[] | undefined) ?? []}
          errors={errors}
          group={section.id}
          resolved={resolved}
          sources={sources}
          onItems={(items, group) => onChange({ ...props, items } as Section['props'], group)}
          onPicked={onPicked}
          onSeal={onSeal}
          pickMedia={pickMedia}
        />
      ) : null}
    </div>
  );
}

export type { Kind as PickedKind };
