import { CircleAlert, CircleCheck, CircleMinus, CircleX, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '#common/format.ts';
import type { CheckStatus, SystemCheck as Check, SystemReport } from '#common/schemas/system.ts';
import { countOf } from '#common/plural.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { api, call } from '#client/lib/api.ts';
import { useResource } from '#client/lib/use-resource.ts';

const STATUS: Record<CheckStatus, { label: string; icon: typeof CircleCheck; className: string }> = {
  ok: { label: 'OK', icon: CircleCheck, className: 'text-emerald-700 dark:text-emerald-300' },
  failed: { label: 'Failed', icon: CircleX, className: 'text-red-700 dark:text-red-300' },
  off: { label: 'Not configured', icon: CircleMinus, className: 'text-zinc-500 dark:text-zinc-400' },
  warning: { label: 'Needs attention', icon: CircleAlert, className: 'text-amber-700 dark:text-amber-300' },
};

function CheckRow({ check }: { check: Check }) {
  const status = STATUS[check.status];
  const Icon = status.icon;
  return (
    <li className="flex gap-3 py-3" data-check={check.id}>
      <Icon className={`mt-0.5 size-5 shrink-0 ${status.className}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className="font-medium text-zinc-900 dark:text-zinc-100">{check.label}</h3>
          <p className="text-sm">
            <span className={`font-medium ${status.className}`}>{status.label}</span>
            <span className="text-zinc-500 tabular-nums dark:text-zinc-400"> · {check.latencyMs} ms</span>
          </p>
        </div>
        <p className="mt-0.5 text-sm break-words text-zinc-600 dark:text-zinc-400">{check.detail}</p>
      </div>
    </li>
  );
}

function BuildFacts({ report }: { report: SystemReport }) {
  const facts: [string, string][] = [
    ['Version', report.build.version],
    ['Built', report.build.builtAt ? formatDate(report.build.builtAt, 'dateTime') : 'Not recorded by this build'],
    ['Compatibility date', report.build.compatibilityDate ?? 'Not recorded by this build'],
    ['Migration level', report.migrations.latestApplied ?? 'None applied'],
    ['Migrations in this build', report.migrations.latestKnown ?? 'None'],
    ['Checked', formatDate(report.checkedAt, 'dateTime')],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-zinc-500 dark:text-zinc-400">{term}</dt>
          <dd className="font-medium break-words text-zinc-900 dark:text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/test`: the system check for admins (the worker answers 404 to everyone else). */
export default function SystemCheck() {
  const report = useResource(() => call(api.api.admin.system.$get()), []);
  const [running, setRunning] = useState(false);
  const [rerunFailed, setRerunFailed] = useState(false);
  // A re-run keeps the last report on screen until the new one is there.
  async function rerun() {
    setRunning(true);
    setRerunFailed(false);
    try {
      report.setData(await call(api.api.admin.system.$get()));
    } catch {
      setRerunFailed(true);
    } finally {
      setRunning(false);
    }
  }
  const count = (status: CheckStatus) => (report.status === 'ready' ? report.data.checks.filter((check) => check.status === status).length : 0);
  const failed = count('failed');
  const warned = count('warning');
  return (
    <>
      <PageHeader
        title="System check"
        description="Bindings, services, version and migration level of this deployment."
        actions={
          <Button variant="secondary" onClick={() => void rerun()} disabled={report.status === 'loading'} pending={running} pendingLabel="Checking…">
            <RefreshCw className="size-4" aria-hidden="true" />
            Run again
          </Button>
        }
      />
      {report.status === 'loading' ? (
        <Card>
          <SkeletonLines lines={6} label="Running the checks" />
        </Card>
      ) : report.status === 'error' ? (
        <LoadFailed title="The system check could not be run" onRetry={report.reload} />
      ) : (
        <div className="space-y-6" aria-busy={running}>
          {rerunFailed ? <LoadFailed title="The checks could not be run again" onRetry={() => void rerun()} /> : null}
          {failed === 0 && warned > 0 ? (
            <Alert tone="warning" title={`No check failed, ${countOf(warned, 'warning')} to act on`}>
              Each warning says what to change before going live.
            </Alert>
          ) : failed === 0 ? (
            <Alert tone="success" title="All checks passed">
              Services that are not configured use their local stand-in.
            </Alert>
          ) : (
            <Alert tone="danger" title={`${countOf(failed, 'check')} failed`}>
              Each failed check says what to do.
            </Alert>
          )}
          <Card title="Checks">
            <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {report.data.checks.map((check) => (
                <CheckRow key={check.id} check={check} />
              ))}
            </ul>
          </Card>
          <Card title="This build">
            <BuildFacts report={report.data} />
          </Card>
        </div>
      )}
    </>
  );
}
