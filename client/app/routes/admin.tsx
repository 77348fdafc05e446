import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '#client/components/page-header.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { AuditPanel } from '#client/features/admin/audit-panel.tsx';
import { ContactPanel } from '#client/features/admin/contact-panel.tsx';
import { FiguresPanel } from '#client/features/admin/figures-panel.tsx';
import { PayoutsPanel } from '#client/features/admin/payouts-panel.tsx';
import { UsersPanel } from '#client/features/admin/users-panel.tsx';

const TABS = [
  { id: 'users', label: 'admin.tabs.users', Panel: UsersPanel },
  { id: 'payouts', label: 'admin.tabs.payouts', Panel: PayoutsPanel },
  { id: 'contact', label: 'admin.tabs.contact', Panel: ContactPanel },
  { id: 'audit', label: 'admin.tabs.audit', Panel: AuditPanel },
  { id: 'figures', label: 'admin.tabs.figures', Panel: FiguresPanel },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** `/admin`: users, payouts, contact messages, the audit log and the system's figures, one tab each (`?tab=`). */
export default function Admin() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const current: TabId = TABS.find((tab) => tab.id === params.get('tab'))?.id ?? 'users';
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  const select = (id: TabId, focus = false) => {
    setParams(id === 'users' ? {} : { tab: id }, { replace: true });
    if (focus) buttons.current[id]?.focus();
  };
  // The tablist's keys (WAI-ARIA): arrows move between the tabs, Home and End to the first and last.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((tab) => tab.id === current);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(TABS[(next + TABS.length) % TABS.length]!.id, true);
  };
  const { Panel } = TABS.find((tab) => tab.id === current)!;

  return (
    <>
      <PageHeader title={t('nav.admin')} description={t('admin.page.description')} />
      <div className="-mx-1 mb-5 overflow-x-auto px-1 pb-1">
        <div role="tablist" aria-label={t('admin.tabs.label')} className="inline-flex rounded-[var(--radius-control)] bg-zinc-100 p-1 dark:bg-zinc-800">
          {TABS.map((tab) => {
            const selected = tab.id === current;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  buttons.current[tab.id] = el;
                }}
                id={`admin-tab-${tab.id}`}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={`admin-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(tab.id)}
                onKeyDown={onKeyDown}
                className={`h-8 rounded-md px-3 text-sm font-medium whitespace-nowrap ${selected ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-950 dark:text-white' : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white'}`}
              >
                {t(tab.label)}
              </button>
            );
          })}
        </div>
      </div>
      <div role="tabpanel" id={`admin-panel-${current}`} aria-labelledby={`admin-tab-${current}`} className="min-w-0">
        <Panel />
      </div>
    </>
  );
}
