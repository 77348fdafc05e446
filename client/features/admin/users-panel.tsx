import { Search, Users } from 'lucide-react';
import { useState } from 'react';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { adminApi, planName, roleName, type AdminUserSummary } from '#client/features/admin/api.ts';
import { filterControl } from '#client/features/admin/controls.ts';
import { UserDialog } from '#client/features/admin/user-dialog.tsx';

function StatusPill({ user }: { user: AdminUserSummary }) {
  const t = useT();
  if (user.disabledAt) {
    return (
      <span className="inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-200 ring-inset dark:bg-red-900/30 dark:text-red-200 dark:ring-red-800">
        {t('admin.users.disabled')}
      </span>
    );
  }
  return <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('admin.users.active')}</span>;
}

/** Users: search by email or name, then one account's plan, role, credits and access in a dialog. */
export function UsersPanel() {
  const t = useT();
  const format = useFormat();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const list = usePaged((cursor) => adminApi.users(q, cursor), [q]);

  return (
    <div className="space-y-4">
      <form
        role="search"
        className="flex max-w-xl gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
        }}
      >
        <label className="sr-only" htmlFor="admin-user-search">
          {t('admin.users.searchLabel')}
        </label>
        <input
          id="admin-user-search"
          type="search"
          maxLength={100}
          placeholder={t('admin.users.searchPlaceholder')}
          className={`${filterControl} flex-1`}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
        <Button type="submit" variant="secondary" size="sm" className="h-9">
          <Search aria-hidden="true" className="size-4" />
          {t('admin.users.search')}
        </Button>
      </form>
      {list.status === 'loading' ? <SkeletonLines lines={5} label={t('admin.users.loading')} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('admin.users.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <EmptyState icon={<Users aria-hidden="true" className="size-8" />} title={q ? t('admin.users.noMatchTitle') : t('admin.users.emptyTitle')}>
          {q ? t('admin.users.noMatch', { query: q }) : t('admin.users.empty')}
        </EmptyState>
      ) : null}
      {list.items.length > 0 ? (
        <Table
          columns={[
            t('admin.users.columnUser'),
            t('admin.users.columnPlan'),
            { label: t('admin.users.columnRole'), wideOnly: true },
            { label: t('admin.users.columnCredits'), numeric: true },
            { label: t('admin.users.columnJoined'), wideOnly: true },
            { label: t('admin.users.columnStatus'), wideOnly: true },
            '',
          ]}
        >
          {list.items.map((u) => (
            <tr key={u.id}>
              <td className="max-w-40 py-2 pr-4 sm:max-w-72">
                <span className="block truncate font-medium">{u.name}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400" title={u.email}>
                  {u.email}
                </span>
                {u.disabledAt ? <span className="text-xs font-medium text-red-700 sm:hidden dark:text-red-400">{t('admin.users.disabled')}</span> : null}
              </td>
              <td className="py-2 pr-4">{planName(t, u.plan)}</td>
              <td className={`py-2 pr-4 ${WIDE_ONLY}`}>{roleName(t, u.role)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{format.number(u.credits)}</td>
              <td className={`py-2 pr-4 whitespace-nowrap text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{format.date(u.createdAt)}</td>
              <td className={`py-2 pr-4 ${WIDE_ONLY}`}>
                <StatusPill user={u} />
              </td>
              <td className="py-2 text-right">
                <Button variant="ghost" size="sm" onClick={() => setOpen(u.id)} aria-label={t('admin.users.manageLabel', { name: u.name })}>
                  {t('admin.users.manage')}
                </Button>
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      <ShowMore list={list} />
      {open ? (
        <UserDialog
          userId={open}
          onClose={() => setOpen(null)}
          onChanged={(user) =>
            list.patch((item) =>
              item.id === user.id ? { ...item, plan: user.plan, role: user.role, credits: user.balance.total, disabledAt: user.disabledAt } : item,
            )
          }
        />
      ) : null}
    </div>
  );
}
