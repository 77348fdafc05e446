import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { useFormat } from '#client/lib/format.ts';
import { ApiError } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { useCrumbLabel } from '#client/app/crumbs.tsx';
import { adminApi, memberRoleName, type ProjectSupportView } from '#client/features/admin/api.ts';
import { AuditTable } from '#client/features/admin/audit-table.tsx';

function Usage({ usage }: { usage: ProjectSupportView['usage'] }) {
  const t = useT();
  const format = useFormat();
  const items: [string, string][] = [
    [t('admin.project.usage.media'), format.number(usage.media)],
    [t('admin.project.usage.storage'), format.bytes(usage.storageBytes)],
    [t('admin.project.usage.creatives'), format.number(usage.creatives)],
    [t('admin.project.usage.creations'), format.number(usage.creations)],
    [t('admin.project.usage.ads'), format.number(usage.ads)],
    [t('admin.project.usage.funnels'), format.number(usage.funnels)],
    [t('admin.project.usage.pages'), format.number(usage.pages)],
    [t('admin.project.usage.leads'), format.number(usage.leads)],
    [t('admin.project.usage.posts'), format.number(usage.postsPublished)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/admin/:projectId`: the support view of any project, read-only: members, usage, recent activity, audit trail. */
export default function AdminProject() {
  const t = useT();
  const format = useFormat();
  const { projectId = '' } = useParams();
  const view = useResource(() => adminApi.project(projectId), [projectId]);
  useCrumbLabel(`/admin/${projectId}`, view.status === 'ready' ? view.data.project.name : undefined);
  const back = (
    <Link to="/admin" className="mb-4 inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
      <ArrowLeft aria-hidden="true" className="size-4" /> {t('nav.admin')}
    </Link>
  );
  if (view.status === 'loading') {
    return (
      <>
        {back}
        <SkeletonLines lines={8} label={t('admin.project.loading')} />
      </>
    );
  }
  if (view.status === 'error') {
    return (
      <>
        {back}
        {view.error instanceof ApiError && view.error.status === 404 ? (
          <Alert tone="warning" title={t('admin.project.notFoundTitle')}>
            {t('admin.project.notFound')}
          </Alert>
        ) : (
          <LoadFailed title={t('admin.project.loadFailed')} onRetry={view.reload} />
        )}
      </>
    );
  }
  const { project, members, usage, activity, audit } = view.data;
  return (
    <>
      {back}
      <PageHeader
        title={project.name}
        description={
          <>
            {t('admin.project.description', { date: format.date(project.createdAt) })}
            {project.website ? ` · ${project.website}` : ''}
          </>
        }
      />
      {project.deletedAt ? (
        <Alert tone="warning" className="mb-4" title={t('admin.project.deletedOn', { date: format.date(project.deletedAt) })}>
          {t('admin.project.purgeNote')}
        </Alert>
      ) : project.archivedAt ? (
        <Alert className="mb-4" title={t('admin.project.archivedOn', { date: format.date(project.archivedAt) })} />
      ) : null}
      <p className="mb-4 text-xs text-zinc-500 dark:text-zinc-400">{t('admin.project.recorded')}</p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card title={t('admin.project.members')}>
          <Table columns={[t('admin.project.columnMember'), t('admin.project.columnRole'), { label: t('admin.project.columnSince'), wideOnly: true }]}>
            {members.map((m) => (
              <tr key={m.userId}>
                <td className="max-w-52 py-2 pr-4">
                  <span className="block truncate font-medium">
                    {m.name}
                    {m.disabled ? <span className="ml-2 text-xs font-normal text-red-700 dark:text-red-400">{t('admin.project.memberDisabled')}</span> : null}
                  </span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{m.email}</span>
                </td>
                <td className="py-2 pr-4">{memberRoleName(t, m.role)}</td>
                <td className={`py-2 whitespace-nowrap text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{format.date(m.since)}</td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card title={t('admin.project.usage')}>
          <Usage usage={usage} />
        </Card>
        <Card title={t('admin.project.activity')} className="lg:col-span-2">
          {activity.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('admin.project.activityEmpty')}</p>
          ) : (
            <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
              {activity.map((a) => (
                <li key={`${a.kind}-${a.id}`} className="flex flex-wrap justify-between gap-x-4 py-2">
                  <span className="min-w-0">
                    <span className="text-zinc-500 dark:text-zinc-400">{t('admin.project.activityKind', { kind: a.kind })}:</span>{' '}
                    <span className="font-medium break-words">{a.name}</span>
                  </span>
                  <time className="text-xs text-zinc-500 dark:text-zinc-400" dateTime={a.at}>
                    {format.date(a.at, 'dateTime')}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('admin.project.auditTrail')} description={t('admin.project.auditTrailDescription')} className="lg:col-span-2">
          {audit.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('admin.project.auditEmpty')}</p> : <AuditTable items={audit} />}
        </Card>
      </div>
    </>
  );
}
