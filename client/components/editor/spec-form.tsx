import { ImagePlus, Plus, Trash2, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { mediaFileUrl } from '#common/media-urls.ts';
import { fromZonedInput, toZonedInput, zoneName } from '#common/time-zone.ts';
import { Button } from '#client/components/button.tsx';
import { borderOf, inputClass, Labelled } from '#client/components/editor/field-controls.tsx';
import type { FieldSpec } from '#client/components/editor/field-spec.ts';
import { MoveButtons } from '#client/components/editor/move-buttons.tsx';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { useTimeZone } from '#client/lib/session.tsx';

type Path = readonly (string | number)[];
type Obj = Record<string, unknown>;

/** `value` with `path` set to `next`, copying only what changes. */
export function setIn(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    copy[head as number] = setIn(copy[head as number], rest, next);
    return copy;
  }
  const obj = (value ?? {}) as Obj;
  return { ...obj, [head as string]: setIn(obj[head as string], rest, next) };
}

export type PickMedia = (kind: 'image' | 'video') => Promise<{ id: string; alt: string; name: string } | null>;

interface Ctx {
  /** The form's group (a block's id): with a field's path, its `data-field` ("hero-1:items.0.title"), by which "Go to" finds it. */
  group: string;
  errors: Record<string, string>;
  readOnly: boolean;
  set: (path: Path, value: unknown, typing?: boolean) => void;
  seal: () => void;
  pickMedia: PickMedia;
}

const keyOf = (path: Path) => path.map(String).join('.');

/** The `data-field` of the control at `path` of the form of `group` (a block's id): where "Go to" of a check finds it. */
export const fieldName = (group: string, path: string) => `${group}:${path}`;

/** The messages of a zod/mini safeParse, by path ("items.0.title"); the first of each. */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[], strip?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = (strip !== undefined && issue.path[0] === strip ? issue.path.slice(1) : issue.path).map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * A form drawn from field descriptions (field-spec.ts), with the schema's messages beside
 * the fields they are about. Typing in one field is one undo step (its group, prefixed by
 * `group`); leaving the field ends it.
 */
export function SpecForm<T>({
  specs,
  value,
  errors,
  group,
  readOnly,
  onChange,
  onSeal,
  pickMedia,
}: {
  specs: readonly FieldSpec[];
  value: T;
  errors: Record<string, string>;
  group: string;
  readOnly: boolean;
  onChange: (value: T, group?: string) => void;
  onSeal: () => void;
  pickMedia: PickMedia;
}) {
  const ctx: Ctx = {
    group,
    errors,
    readOnly,
    set: (path, next, typing) => onChange(setIn(value, path, next) as T, typing ? `${group}:${keyOf(path)}` : undefined),
    seal: onSeal,
    pickMedia,
  };
  return (
    <div className="space-y-4">
      <Fields specs={specs} value={value as Obj} path={[]} ctx={ctx} />
    </div>
  );
}

function Fields({ specs, value, path, ctx }: { specs: readonly FieldSpec[]; value: Obj; path: Path; ctx: Ctx }) {
  return (
    <>
      {specs
        .filter((spec) => !spec.when || spec.when(value))
        .map((spec) => (
          <Control key={spec.key} spec={spec} value={value[spec.key]} path={[...path, spec.key]} ctx={ctx} />
        ))}
    </>
  );
}

function Control({ spec, value, path, ctx }: { spec: FieldSpec; value: unknown; path: Path; ctx: Ctx }) {
  const t = useT();
  const timeZone = useTimeZone();
  const error = ctx.errors[keyOf(path)];
  switch (spec.kind) {
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      return (
        <Labelled label={spec.label} error={error} hint={spec.hint} count={spec.max <= 500 ? { used: text.trim().length, max: spec.max } : undefined}>
          {(id, describedBy) => {
            // One line or several, the same control.
            const control = {
              id,
              'data-field': fieldName(ctx.group, keyOf(path)),
              value: text,
              disabled: ctx.readOnly,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': describedBy,
              onChange: (event: { target: { value: string } }) => ctx.set(path, event.target.value, true),
              onBlur: ctx.seal,
            };
            return spec.multiline ? (
              <textarea {...control} rows={spec.rows ?? 3} className={`${inputClass} ${borderOf(error)} py-1.5`} />
            ) : (
              <input {...control} className={`${inputClass} ${borderOf(error)} h-9`} />
            );
          }}
        </Labelled>
      );
    }
    case 'select': {
      const index = spec.choices.findIndex((c) => c.value === value);
      return (
        <Labelled label={spec.label} error={error} hint={spec.hint}>
          {(id, describedBy) => (
            <select
              id={id}
              className={`${inputClass} ${borderOf(error)} h-9`}
              value={String(index)}
              disabled={ctx.readOnly}
              aria-describedby={describedBy}
              onChange={(event) => ctx.set(path, spec.choices[Number(event.target.value)]?.value ?? null)}
            >
              {index < 0 ? <option value="-1">{t('editor.spec.pickOne')}</option> : null}
              {spec.choices.map((choice, i) => (
                <option key={String(choice.value)} value={String(i)}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      );
    }
    case 'number':
      return (
        <Labelled label={spec.label} error={error} hint={spec.hint}>
          {(id, describedBy) => (
            <input
              id={id}
              type="number"
              min={spec.min}
              max={spec.max}
              step={1}
              className={`${inputClass} ${borderOf(error)} h-9 max-w-32`}
              value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
              disabled={ctx.readOnly}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => ctx.set(path, event.target.value === '' ? Number.NaN : Number(event.target.value), true)}
              onBlur={ctx.seal}
            />
          )}
        </Labelled>
      );
    case 'checkbox':
      return (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-accent-600"
            checked={value === true}
            disabled={ctx.readOnly}
            onChange={(event) => ctx.set(path, event.target.checked)}
          />
          {spec.label}
        </label>
      );
    case 'datetime':
      return (
        <Labelled label={spec.label} error={error} hint={t('editor.spec.timeZone', { zone: zoneName(timeZone) })}>
          {(id, describedBy) => (
            <input
              id={id}
              type="datetime-local"
              className={`${inputClass} ${borderOf(error)} h-9`}
              value={typeof value === 'string' ? toZonedInput(value, timeZone) : ''}
              disabled={ctx.readOnly}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => ctx.set(path, fromLocalInput(event.target.value, timeZone))}
            />
          )}
        </Labelled>
      );
    case 'image':
    case 'video':
      return <MediaControl spec={spec} value={value} path={path} ctx={ctx} error={error} />;
    case 'button':
      return <ButtonControl spec={spec} value={value as Obj | null} path={path} ctx={ctx} error={error} />;
    case 'strings':
      return <StringsControl spec={spec} value={Array.isArray(value) ? (value as string[]) : []} path={path} ctx={ctx} error={error} />;
    case 'list':
      return <ListControl spec={spec} value={Array.isArray(value) ? (value as Obj[]) : []} path={path} ctx={ctx} error={error} />;
  }
}

function Group({
  legend,
  error,
  children,
  action,
  field,
}: {
  legend: string;
  error?: string | undefined;
  children: ReactNode;
  action?: ReactNode;
  /** Its `data-field` (see `fieldName`). */
  field?: string;
}) {
  return (
    <fieldset data-field={field} className="min-w-0 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-xs font-semibold text-zinc-700 dark:text-zinc-300">{legend}</legend>
      {action ? <div className="-mt-1 mb-2 flex flex-wrap justify-end gap-1">{action}</div> : null}
      <div className="space-y-3">{children}</div>
      {error ? <p className="mt-2 text-xs text-red-700 dark:text-red-400">{error}</p> : null}
    </fieldset>
  );
}

/** A control of one kind of field: its spec, its value, where the value is (`path`), the form's context and the field's error. */
type ControlProps<K extends FieldSpec['kind'], V> = { spec: Extract<FieldSpec, { kind: K }>; value: V; path: Path; ctx: Ctx; error: string | undefined };

function MediaControl({ spec, value, path, ctx, error }: ControlProps<'image' | 'video', unknown>) {
  const t = useT();
  const noun = useNoun();
  const isImage = spec.kind === 'image';
  const ref = isImage ? (value as { mediaId: string; alt: string } | null) : null;
  const mediaId = isImage ? (ref?.mediaId ?? null) : typeof value === 'string' ? value : null;
  const choose = async () => {
    const item = await ctx.pickMedia(spec.kind);
    if (!item) return;
    ctx.set(path, isImage ? { mediaId: item.id, alt: ref?.alt || item.alt } : item.id);
  };
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a property name
  const mediaError = error ?? ctx.errors[keyOf([...path, 'mediaId'])];
  return (
    <Group legend={spec.label} error={mediaError} field={fieldName(ctx.group, keyOf(path))}>
      {mediaId && isImage ? (
        <img src={mediaFileUrl(mediaId)} alt="" className="max-h-32 rounded-md border border-zinc-200 object-contain dark:border-zinc-800" />
      ) : null}
      {mediaId && !isImage ? <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{t('editor.spec.video', { id: mediaId })}</p> : null}
      {!ctx.readOnly ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void choose()}>
            {isImage ? <ImagePlus className="size-4" aria-hidden="true" /> : <Video className="size-4" aria-hidden="true" />}
            {mediaId ? t('editor.spec.change', { what: noun(spec.label) }) : t('editor.spec.choose', { what: noun(spec.label) })}
          </Button>
          {mediaId ? (
            <Button variant="ghost" size="sm" onClick={() => ctx.set(path, null)}>
              {t('editor.spec.remove')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {ref ? (
        <Control
          spec={{ kind: 'text', key: 'alt', label: t('editor.spec.altText'), max: 200, hint: t('editor.spec.altHint') }}
          value={ref.alt}
          path={[...path, 'alt']}
          ctx={ctx}
        />
      ) : null}
    </Group>
  );
}

function ButtonControl({ spec, value, path, ctx, error }: ControlProps<'button', Obj | null>) {
  const t = useT();
  return (
    <Group legend={spec.label} error={error} field={fieldName(ctx.group, keyOf(path))}>
      {spec.optional ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-accent-600"
            checked={value !== null && value !== undefined}
            disabled={ctx.readOnly}
            onChange={(event) => ctx.set(path, event.target.checked ? { label: t('editor.spec.buttonDefault'), href: '#signup' } : null)}
          />
          {t('editor.spec.showButton')}
        </label>
      ) : null}
      {value ? (
        <Fields
          specs={[
            { kind: 'text', key: 'label', label: t('editor.spec.buttonText'), max: 40 },
            {
              kind: 'text',
              key: 'href',
              label: t('editor.spec.buttonLink'),
              max: 2000,
              hint: t('editor.spec.buttonLinkHint'),
            },
          ]}
          value={value}
          path={path}
          ctx={ctx}
        />
      ) : null}
    </Group>
  );
}

function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item!);
  return copy;
}

function ListControl({ spec, value, path, ctx, error }: ControlProps<'list', Obj[]>) {
  const t = useT();
  const noun = useNoun()(spec.itemLabel);
  return (
    <Group legend={spec.label} error={error} field={fieldName(ctx.group, keyOf(path))}>
      {value.map((item, index) => {
        const label = `${spec.itemLabel} ${index + 1}`;
        return (
          <Group
            key={index}
            legend={label}
            error={ctx.errors[keyOf([...path, index])]}
            action={
              <MoveButtons
                label={`${noun} ${index + 1}`}
                index={index}
                count={value.length}
                readOnly={ctx.readOnly}
                onMove={(to) => ctx.set(path, moved(value, index, to))}
                onRemove={() =>
                  ctx.set(
                    path,
                    value.filter((_, i) => i !== index),
                  )
                }
              />
            }
          >
            <Fields specs={spec.fields} value={item} path={[...path, index]} ctx={ctx} />
          </Group>
        );
      })}
      {!ctx.readOnly ? (
        <Button variant="secondary" size="sm" disabled={value.length >= spec.max} onClick={() => ctx.set(path, [...value, spec.make(value)])}>
          <Plus className="size-4" aria-hidden="true" /> {t('editor.spec.add', { what: noun })}
        </Button>
      ) : null}
    </Group>
  );
}

function StringsControl({ spec, value, path, ctx, error }: ControlProps<'strings', string[]>) {
  const t = useT();
  const noun = useNoun()(spec.itemLabel);
  return (
    <Group legend={spec.label} error={error} field={fieldName(ctx.group, keyOf(path))}>
      {value.map((item, index) => {
        return (
          <div key={index} className="flex items-start gap-1">
            <div className="min-w-0 flex-1">
              <Control
                spec={{ kind: 'text', key: String(index), label: `${spec.itemLabel} ${index + 1}`, max: spec.itemMax }}
                value={item}
                path={[...path, index]}
                ctx={ctx}
              />
            </div>
            {!ctx.readOnly ? (
              <Button
                variant="ghost"
                size="sm"
                className="mt-5 !h-8 !px-1.5"
                aria-label={t('editor.spec.removeItem', { what: noun, number: index + 1 })}
                onClick={() =>
                  ctx.set(
                    path,
                    value.filter((_, i) => i !== index),
                  )
                }
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        );
      })}
      {!ctx.readOnly ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={value.length >= spec.max}
          onClick={() => ctx.set(path, [...value, `${spec.itemLabel} ${value.length + 1}`])}
        >
          <Plus className="size-4" aria-hidden="true" /> {t('editor.spec.add', { what: noun })}
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * A field's label inside a sentence ("Choose image"): lower case in English; German keeps its
 * nouns capitalised ("Bild wählen").
 */
function useNoun(): (label: string) => string {
  const { locale } = useI18n();
  return (label) => (locale === 'de' ? label : label.toLowerCase());
}

/** A datetime-local value on the account's clock (issue 28) as the UTC instant the schema stores; '' when incomplete. */
function fromLocalInput(local: string, timeZone: string): string {
  const d = fromZonedInput(local, timeZone);
  return d ? d.toISOString().replace(/:\d{2}\.\d{3}Z$/, ':00Z') : '';
}
