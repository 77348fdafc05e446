import type { CreativeDocument } from '#common/creative/document.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { inputClass } from '#client/features/creatives/panel-fields.tsx';
import { layerName, layerTypeLabel } from '#client/features/creatives/layer-names.ts';
import { BACKGROUND, kindsFor, layerKey, targetType, type ColumnMapping } from '#client/features/creatives/batches/mapping.ts';
import type { Table } from '#client/features/creatives/batches/parse.ts';

const IGNORE = '';

/** The layers a column can change, once each by the key a modification names them by (a shared name is one target). */
function targets(doc: CreativeDocument, t: ReturnType<typeof useT>): { value: string; label: string }[] {
  const seen = new Set<string>();
  const options: { value: string; label: string }[] = [];
  for (const layer of doc.layers) {
    const key = layerKey(layer);
    if (seen.has(key)) continue;
    seen.add(key);
    options.push({ value: key, label: t('batches.mapping.layerOption', { name: layerName(layer, t), type: layerTypeLabel(t, layer.type) }) });
  }
  return options;
}

/**
 * For each column of the sheet: the layer it changes (or the background, or nothing) and what
 * its cells hold, with the first row's cell as a sample. Two selects a column, each labelled by
 * the column's name; stacked on a phone.
 */
export function ColumnMappingFields({
  table,
  doc,
  mapping,
  onChange,
}: {
  table: Table;
  doc: CreativeDocument;
  mapping: readonly ColumnMapping[];
  onChange: (mapping: ColumnMapping[]) => void;
}) {
  const t = useT();
  const layers = targets(doc, t);
  const set = (index: number, next: ColumnMapping) => onChange(mapping.map((m, i) => (i === index ? next : m)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{t('batches.mapping.title')}</legend>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('batches.mapping.intro')}</p>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {table.header.map((header, index) => {
          const column = header || t('batches.mapping.unnamed', { n: index + 1 });
          const map = mapping[index] ?? null;
          const type = map ? targetType(doc, map.target) : undefined;
          const sample = table.rows[0]?.[index] ?? '';
          return (
            <li key={index} className="grid gap-2 p-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)_minmax(0,11rem)] sm:items-center">
              <div className="min-w-0 text-sm">
                <p className="truncate font-medium">{column}</p>
                {sample ? <p className="truncate text-xs text-zinc-500">{t('batches.mapping.sample', { sample: sample.slice(0, 60) })}</p> : null}
              </div>
              <select
                aria-label={t('batches.mapping.layerFor', { column })}
                className={inputClass}
                value={map?.target ?? IGNORE}
                onChange={(event) => {
                  const target = event.target.value;
                  const kind = target === IGNORE ? undefined : kindsFor(targetType(doc, target) ?? 'text')[0];
                  set(index, kind ? { target, kind } : null);
                }}
              >
                <option value={IGNORE}>{t('batches.mapping.ignore')}</option>
                {layers.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
                <option value={BACKGROUND}>{t('batches.mapping.background')}</option>
              </select>
              {map && type ? (
                <select
                  aria-label={t('batches.mapping.kindFor', { column })}
                  className={inputClass}
                  value={map.kind}
                  onChange={(event) => set(index, { target: map.target, kind: event.target.value as typeof map.kind })}
                >
                  {kindsFor(type).map((kind) => (
                    <option key={kind} value={kind}>
                      {t('batches.mapping.kind', { kind })}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="hidden sm:block" />
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
