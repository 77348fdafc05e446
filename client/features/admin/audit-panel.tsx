import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { adminApi, type AuditFilters } from '#client/features/admin/api.ts';
import { AuditTable } from '#client/features/admin/audit-table.tsx';
import { filterControl } from '#client/features/admin/controls.ts';

const NONE: AuditFilters = { actor: '', action: '', target: '' };

/** The audit log: who did what, when, from which address, before and after; filtered by actor, action and target. */
export function AuditPanel() {
  const t = useT();
  const [draft, setDraft] = useState<AuditFilters>(NONE);
  const [filters, setFilters] = useState<AuditFilters>(NONE);
  const list = usePaged((cursor) => adminApi.audit(filters, cursor), [filters]);
  const filtered = Boolean(filters.actor || filters.action || filters.target);
  const field = (key: keyof AuditFilters, label: string, placeholder: string) => (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
      {label}
      <input
        className={filterControl}
        maxLength={100}
        placeholder={placeholder}
        value={draft[key]}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setDraft((d) => ({ ...d, [key]: value }));
        }}
      />
    </label>
  );

  return (
    <div className="space-y-4">
      <form
        aria-label={t('admin.audit.filterLabel')}
        className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
      >
        {field('actor', t('admin.audit.who'), t('admin.audit.whoPlaceholder'))}
        {field('action', t('admin.audit.action'), t('admin.audit.actionPlaceholder'))}
        {field('target', t('admin.audit.target'), t('admin.audit.targetPlaceholder'))}
        <div className="flex gap-2">
          <Button type="submit" variant="secondary" size="sm" className="h-9">
            {t('admin.audit.filter')}
          </Button>
          {filtered ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-9"
              onClick={() => {
                setDraft(NONE);
                setFilters(NONE);
              }}
            >
              {t('admin.audit.clear')}
            </Button>
          ) : null}
        </div>
      </form>
      {list.status === 'loading' ? <SkeletonLines lines={5} label={t('admin.audit.loading')} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('admin.audit.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <EmptyState icon={<ScrollText aria-hidden="true" className="size-8" />} title={filtered ? t('admin.audit.noMatchTitle') : t('admin.audit.emptyTitle')}>
          {filtered ? t('admin.audit.noMatch') : t('admin.audit.empty')}
        </EmptyState>
      ) : null}
      {list.items.length > 0 ? <AuditTable items={list.items} /> : null}
      <ShowMore list={list} />
    </div>
  );
}
