import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { useFormat, type Format } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { actionLabel, type AuditItem } from '#client/features/admin/api.ts';

function show(format: Format, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(value) ? format.date(value, 'dateTime') : value;
  if (typeof value === 'number') return format.number(value);
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** An entry's details in words: each changed field as "before → after", then the rest (reason, note, amount…). */
export function AuditDetails({ details }: { details: AuditItem['details'] }) {
  const format = useFormat();
  if (!details) return null;
  const before = (details.before ?? {}) as Record<string, unknown>;
  const after = (details.after ?? {}) as Record<string, unknown>;
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const rest = Object.entries(details).filter(([key]) => key !== 'before' && key !== 'after' && key !== 'operationKey');
  if (changed.length === 0 && rest.length === 0) return null;
  return (
    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
      {changed.map((key) => (
        <div key={`c-${key}`} className="contents">
          <dt className="font-medium">{key}</dt>
          <dd className="[overflow-wrap:anywhere]">
            {show(format, before[key])} → <span className="font-medium text-zinc-900 dark:text-zinc-100">{show(format, after[key])}</span>
          </dd>
        </div>
      ))}
      {rest.map(([key, value]) => (
        <div key={`r-${key}`} className="contents">
          <dt className="font-medium">{key}</dt>
          <dd className="[overflow-wrap:anywhere]">{show(format, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Audit entries: when, who, what (with before → after), from which address. */
export function AuditTable({ items }: { items: readonly AuditItem[] }) {
  const t = useT();
  const format = useFormat();
  return (
    <Table
      columns={[
        t('admin.audit.columnWhen'),
        { label: t('admin.audit.columnWho'), wideOnly: true },
        t('admin.audit.columnWhat'),
        { label: t('admin.audit.columnAddress'), wideOnly: true },
      ]}
    >
      {items.map((item) => (
        <tr key={item.id} className="align-top">
          <td className="w-24 py-2 pr-4 text-xs text-zinc-600 tabular-nums sm:w-auto sm:whitespace-nowrap dark:text-zinc-400">
            <time dateTime={item.createdAt}>{format.date(item.createdAt, 'dateTime')}</time>
          </td>
          <td className={`max-w-48 py-2 pr-4 ${WIDE_ONLY}`}>
            {item.actor ? (
              <>
                <span className="block truncate font-medium">{item.actor.name}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{item.actor.email}</span>
              </>
            ) : (
              <span className="text-zinc-500 dark:text-zinc-400">{t('admin.audit.system')}</span>
            )}
          </td>
          <td className="py-2 pr-4 sm:min-w-48">
            <span className="font-medium">{actionLabel(t, item.action)}</span>
            <span className="block text-xs [overflow-wrap:anywhere] text-zinc-500 dark:text-zinc-400" title={`${item.targetType} ${item.targetId ?? ''}`}>
              {t('admin.audit.targetType', { type: item.targetType })}{' '}
              {item.targetLabel ? (
                <span className="text-zinc-700 dark:text-zinc-300">{item.targetLabel}</span>
              ) : (
                <span className="font-mono">{item.targetId ?? ''}</span>
              )}
            </span>
            <AuditDetails details={item.details} />
            <span className="block text-xs [overflow-wrap:anywhere] text-zinc-500 sm:hidden dark:text-zinc-400">
              {t('admin.audit.byLine', { who: item.actor ? 'person' : 'system', name: item.actor?.name ?? '', ip: item.ip ?? 'none' })}
            </span>
          </td>
          <td className={`py-2 font-mono text-xs text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{item.ip ?? '—'}</td>
        </tr>
      ))}
    </Table>
  );
}
