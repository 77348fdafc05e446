import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatBytes, formatDate, formatNumber } from '#common/format.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { ApiError } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useCrumbLabel } from '#client/app/crumbs.tsx';
import { adminApi, type ProjectSupportView } from '#client/features/admin/api.ts';
import { AuditTable } from '#client/features/admin/audit-table.tsx';

const KIND_LABELS: Record<ProjectSupportView['activity'][number]['kind'], string> = {
  media: 'Media uploaded',
  creative: 'Creative edited',
  creation: 'Creation rendered',
  ad: 'Ad changed',
  page: 'Page edited',
  post: 'Posted to Instagram',
};

function Usage({ usage }: { usage: ProjectSupportView['usage'] }) {
  const items: [string, string][] = [
    ['Media', formatNumber(usage.media)],
    ['Storage', formatBytes(usage.storageBytes)],
    ['Creatives', formatNumber(usage.creatives)],
    ['Creations', formatNumber(usage.creations)],
    ['Ads', formatNumber(usage.ads)],
    ['Funnels', formatNumber(usage.funnels)],
    ['Pages', formatNumber(usage.pages)],
    ['Leads', formatNumber(usage.leads)],
    ['Instagram posts', formatNumber(usage.postsPublished)],
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
  const { projectId = '' } = useParams();
  const view = useResource(() => adminApi.project(projectId), [projectId]);
  useCrumbLabel(`/admin/${projectId}`, view.status === 'ready' ? view.data.project.name : undefined);
  const back = (
    <Link to="/admin" className="mb-4 inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
      <ArrowLeft aria-hidden="true" className="size-4" /> Admin
    </Link>
  );
  if (view.status === 'loading') {
    return (
      <>
        {back}
        <SkeletonLines lines={8} label="Loading the project" />
      </>
    );
  }
  if (view.status === 'error') {
    return (
      <>
        {back}
        {view.error instanceof ApiError && view.error.status === 404 ? (
          <Alert tone="warning" title="There is no such project">
            It may have been deleted and purged.
          </Alert>
        ) : (
          <LoadFailed title="The project could not be loaded" onRetry={view.reload} />
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
            Support view, read-only · created {formatDate(project.createdAt)}
            {project.website ? ` · ${project.website}` : ''}
          </>
        }
      />
      {project.deletedAt ? (
        <Alert tone="warning" className="mb-4" title={`Deleted on ${formatDate(project.deletedAt)}`}>
          Its content is purged 30 days after deletion.
        </Alert>
      ) : project.archivedAt ? (
        <Alert className="mb-4" title={`Archived on ${formatDate(project.archivedAt)}`} />
      ) : null}
      <p className="mb-4 text-xs text-zinc-500 dark:text-zinc-400">Opening this page is recorded in the project’s audit trail.</p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card title="Members">
          <Table columns={['Member', 'Role', { label: 'Since', wideOnly: true }]}>
            {members.map((m) => (
              <tr key={m.userId}>
                <td className="max-w-52 py-2 pr-4">
                  <span className="block truncate font-medium">
                    {m.name}
                    {m.disabled ? <span className="ml-2 text-xs font-normal text-red-700 dark:text-red-400">disabled</span> : null}
                  </span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{m.email}</span>
                </td>
                <td className="py-2 pr-4 capitalize">{m.role}</td>
                <td className={`py-2 whitespace-nowrap text-zinc-600 dark:text-zinc-400 ${WIDE_ONLY}`}>{formatDate(m.since)}</td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card title="Usage">
          <Usage usage={usage} />
        </Card>
        <Card title="Recent activity" className="lg:col-span-2">
          {activity.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing has been made in this project yet.</p>
          ) : (
            <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
              {activity.map((a) => (
                <li key={`${a.kind}-${a.id}`} className="flex flex-wrap justify-between gap-x-4 py-2">
                  <span className="min-w-0">
                    <span className="text-zinc-500 dark:text-zinc-400">{KIND_LABELS[a.kind]}:</span> <span className="font-medium break-words">{a.name}</span>
                  </span>
                  <time className="text-xs text-zinc-500 dark:text-zinc-400" dateTime={a.at}>
                    {formatDate(a.at, 'dateTime')}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Audit trail" description="The latest 50 entries about this project." className="lg:col-span-2">
          {audit.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing recorded yet.</p> : <AuditTable items={audit} />}
        </Card>
      </div>
    </>
  );
}
