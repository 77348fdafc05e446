import { Download, Inbox, Search, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { I18n } from '@lingui/core';
import { LoadFailed } from '#client/components/alert.tsx';
import { buttonClass } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { SearchBox } from '#client/components/search-box.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { TitledSection } from '#client/components/titled-section.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useDebouncedSearch } from '#client/lib/use-debounced-search.ts';
import { usePaged } from '#client/lib/use-paged.ts';
import { funnelsApi, type FunnelDetail, type Lead } from '#client/features/funnels/api.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** The lead's contact as one line: the email, else the first text the visitor entered. */
function contactOf(t: I18n['_'], lead: Lead): string {
  if (lead.email) return lead.email;
  const first = Object.values(lead.data).find((v): v is string => typeof v === 'string' && v.trim() !== '');
  return first ?? t('funnels.leads.noContact');
}

/** The other fields the visitor entered ("name: Lena · consent: yes"). */
function detailsOf(t: I18n['_'], lead: Lead): string {
  return Object.entries(lead.data)
    .filter(([key, value]) => key !== 'email' && value !== lead.email && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'boolean' ? (value ? t('funnels.leads.yes') : t('funnels.leads.no')) : value}`)
    .join(' · ');
}

function sourceOf(t: I18n['_'], lead: Lead): string {
  const utm = [lead.utm.source, lead.utm.medium, lead.utm.campaign].filter(Boolean).join(' / ');
  return utm || lead.referrer || t('funnels.leads.direct');
}

/**
 * The funnel's leads, newest first: search (email and the fields entered), "Show more" pages,
 * the CSV of all of them, and deletion (a GDPR request) after a confirmation.
 */
export function LeadsCard({ funnel }: { funnel: FunnelDetail }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const toast = useToast();
  const canEdit = funnel.role !== 'viewer';
  const { typed, setTyped, query } = useDebouncedSearch();
  const list = usePaged((cursor) => funnelsApi.leads(funnel.id, query, cursor), [funnel.id, query]);
  const pageTitle = (lead: Lead) => lead.pageTitle ?? funnel.pages.find((p) => p.id === lead.pageId)?.title ?? t('funnels.leads.deletedPage');
  const [deleting, setDeleting] = useState<Lead | null>(null);
  const [pending, setPending] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await funnelsApi.removeLead(funnel.id, deleting.id);
      list.patch((l) => (l.id === deleting.id ? null : l));
      toast({ tone: 'success', message: t('funnels.leads.deleted') });
      setDeleting(null);
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('funnels.leads.deleteFailed')) });
    } finally {
      setPending(false);
    }
  };

  return (
    <TitledSection
      headingId={`${id}-heading`}
      title={t('funnels.leads.title')}
      actions={
        <a href={funnelsApi.leadsCsvUrl(funnel.id)} download className={buttonClass('secondary', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          {t('funnels.leads.csv')}
        </a>
      }
    >
      <SearchBox id={`${id}-search`} label={t('funnels.leads.search')} placeholder={t('funnels.leads.searchPlaceholder')} value={typed} onChange={setTyped} />
      {list.status === 'loading' ? <SkeletonLines lines={4} label={t('funnels.leads.loading')} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('funnels.leads.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        query ? (
          <EmptyState icon={<Search aria-hidden="true" className="size-8" />} title={t('funnels.leads.noMatch')}>
            {t('funnels.leads.noMatchText', { query })}
          </EmptyState>
        ) : (
          <EmptyState icon={<Inbox aria-hidden="true" className="size-8" />} title={t('funnels.leads.empty')}>
            {t('funnels.leads.emptyText')}
          </EmptyState>
        )
      ) : null}
      {list.items.length > 0 ? (
        <div className="rounded-[var(--radius-card)] border border-zinc-200 bg-white px-3 dark:border-zinc-800 dark:bg-zinc-900">
          <Table
            columns={[
              t('funnels.leads.colLead'),
              { label: t('funnels.leads.colPage'), wideOnly: true },
              { label: t('funnels.leads.colSource'), wideOnly: true },
              { label: t('funnels.leads.colReceived'), wideOnly: true },
              ...(canEdit ? [{ label: t('funnels.leads.colActions') }] : []),
            ]}
          >
            {list.items.map((lead) => {
              const details = detailsOf(t, lead);
              const contact = contactOf(t, lead);
              const source = sourceOf(t, lead);
              return (
                <tr key={lead.id} className="align-top">
                  <td className="w-full max-w-0 py-2 pr-4 sm:w-auto sm:max-w-xs">
                    <p className="truncate font-medium" title={contact}>
                      {contact}
                    </p>
                    {details ? (
                      <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" title={details}>
                        {details}
                      </p>
                    ) : null}
                    <p className="text-xs text-zinc-500 sm:hidden">
                      {}
                      {format.date(lead.createdAt, 'dateTime')} · {pageTitle(lead)}
                      {lead.variant === 'b' ? t('funnels.leads.bShort') : ''} · {source}
                    </p>
                  </td>
                  <td className={`py-2 pr-4 ${WIDE_ONLY}`}>
                    {pageTitle(lead)}
                    {lead.variant === 'b' ? <span className="ml-1 text-xs text-zinc-500">{t('funnels.leads.variantB')}</span> : null}
                  </td>
                  <td className={`max-w-48 truncate py-2 pr-4 ${WIDE_ONLY}`} title={source}>
                    {source}
                  </td>
                  {}
                  <td className={`py-2 pr-4 text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{format.date(lead.createdAt, 'dateTime')}</td>
                  {canEdit ? (
                    <td className="py-1 text-right">
                      <button
                        type="button"
                        aria-label={t('funnels.leads.deleteLabel', { contact })}
                        onClick={() => setDeleting(lead)}
                        className="inline-grid size-8 place-items-center rounded-[var(--radius-control)] text-zinc-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-600 dark:text-zinc-300 dark:hover:bg-red-900/30"
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </Table>
        </div>
      ) : null}
      <ShowMore list={list} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('funnels.leads.confirmTitle')}
        confirmLabel={t('funnels.leads.confirmLabel')}
        pending={pending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        {t('funnels.leads.confirmBody', { contact: deleting ? contactOf(t, deleting) : t('funnels.leads.theVisitor') })}
      </ConfirmDialog>
    </TitledSection>
  );
}
