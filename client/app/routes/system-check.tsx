import { CircleAlert, CircleCheck, CircleMinus, CircleX, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { CheckStatus, SystemCheck as Check, SystemReport } from '#common/schemas/system.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { api, call } from '#client/lib/api.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';

const STATUS: Record<CheckStatus, { icon: typeof CircleCheck; className: string }> = {
  ok: { icon: CircleCheck, className: 'text-emerald-700 dark:text-emerald-300' },
  failed: { icon: CircleX, className: 'text-red-700 dark:text-red-300' },
  off: { icon: CircleMinus, className: 'text-zinc-500 dark:text-zinc-400' },
  warning: { icon: CircleAlert, className: 'text-amber-700 dark:text-amber-300' },
};

/** A check's label and detail in the reader's language: the worker sends their message ids and values (its English only for reports without them). */
function CheckRow({ check }: { check: Check }) {
  const t = useT();
  const format = useFormat();
  const status = STATUS[check.status];
  const Icon = status.icon;
  return (
    <li className="flex gap-3 py-3" data-check={check.id}>
      <Icon className={`mt-0.5 size-5 shrink-0 ${status.className}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className="font-medium text-zinc-900 dark:text-zinc-100">{check.labelId ? t(check.labelId) : check.label}</h3>
          <p className="text-sm">
            <span className={`font-medium ${status.className}`}>{t('admin.system.status', { status: check.status })}</span>
            <span className="text-zinc-500 tabular-nums dark:text-zinc-400"> · {t('admin.system.latency', { ms: format.number(check.latencyMs) })}</span>
          </p>
        </div>
        <p className="mt-0.5 text-sm break-words text-zinc-600 dark:text-zinc-400">{check.detailId ? t(check.detailId, check.values) : check.detail}</p>
      </div>
    </li>
  );
}

function BuildFacts({ report }: { report: SystemReport }) {
  const t = useT();
  const format = useFormat();
  const notRecorded = t('admin.system.fact.notRecorded');
  const facts: [string, string][] = [
    [t('admin.system.fact.version'), report.build.version],
    [t('admin.system.fact.built'), report.build.builtAt ? format.date(report.build.builtAt, 'dateTime') : notRecorded],
    [t('admin.system.fact.compatibilityDate'), report.build.compatibilityDate ?? notRecorded],
    [t('admin.system.fact.migrationLevel'), report.migrations.latestApplied ?? t('admin.system.fact.noneApplied')],
    [t('admin.system.fact.migrationsInBuild'), report.migrations.latestKnown ?? t('admin.system.fact.none')],
    [t('admin.system.fact.checked'), format.date(report.checkedAt, 'dateTime')],
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
  const t = useT();
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
        title={t('admin.system.title')}
        description={t('admin.system.description')}
        actions={
          <Button
            variant="secondary"
            onClick={() => void rerun()}
            disabled={report.status === 'loading'}
            pending={running}
            pendingLabel={t('admin.system.checking')}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            {t('admin.system.runAgain')}
          </Button>
        }
      />
      {report.status === 'loading' ? (
        <Card>
          <SkeletonLines lines={6} label={t('admin.system.running')} />
        </Card>
      ) : report.status === 'error' ? (
        <LoadFailed title={t('admin.system.loadFailed')} onRetry={report.reload} />
      ) : (
        <div className="space-y-6" aria-busy={running}>
          {rerunFailed ? <LoadFailed title={t('admin.system.rerunFailed')} onRetry={() => void rerun()} /> : null}
          {failed === 0 && warned > 0 ? (
            <Alert tone="warning" title={t('admin.system.warned', { count: warned })}>
              {t('admin.system.warnedBody')}
            </Alert>
          ) : failed === 0 ? (
            <Alert tone="success" title={t('admin.system.passed')}>
              {t('admin.system.passedBody')}
            </Alert>
          ) : (
            <Alert tone="danger" title={t('admin.system.failed', { count: failed })}>
              {t('admin.system.failedBody')}
            </Alert>
          )}
          <Card title={t('admin.system.checks')}>
            <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {report.data.checks.map((check) => (
                <CheckRow key={check.id} check={check} />
              ))}
            </ul>
          </Card>
          <Card title={t('admin.system.build')}>
            <BuildFacts report={report.data} />
          </Card>
        </div>
      )}
    </>
  );
}
