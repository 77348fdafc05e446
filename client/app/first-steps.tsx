import type { I18n } from '@lingui/core';
import { Check } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '#client/components/button.tsx';
import { Alert } from '#client/components/alert.tsx';
import { ProgressBar } from '#client/components/progress-bar.tsx';
import { api, call } from '#client/lib/api.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** What `/api/dashboard` says of the first steps; `presentation` is null when the plan has none. */
export interface FirstStepsState {
  brandKit: boolean;
  creative: boolean;
  approvedAd: boolean;
  livePage: boolean;
  presentation: boolean | null;
}

interface Step {
  id: keyof FirstStepsState;
  title: string;
  hint: string;
  action: string;
  to: string;
}

/** Where each step is done: in the newest project when there is one, else where a project is made. */
function stepsFor(t: I18n['_'], projectId: string | undefined): Step[] {
  const project = projectId ? `/projects/${projectId}` : undefined;
  return [
    {
      id: 'brandKit',
      title: t('dashboard.firstSteps.brandKit.title'),
      hint: t('dashboard.firstSteps.brandKit.hint'),
      action: project ? t('dashboard.firstSteps.brandKit.open') : t('dashboard.firstSteps.brandKit.first'),
      to: project ? `${project}/` : '/projects?new=1',
    },
    {
      id: 'creative',
      title: t('dashboard.firstSteps.creative.title'),
      hint: t('dashboard.firstSteps.creative.hint'),
      action: t('dashboard.firstSteps.creative.action'),
      to: project ? `${project}/creatives` : '/creatives',
    },
    {
      id: 'approvedAd',
      title: t('dashboard.firstSteps.approvedAd.title'),
      hint: t('dashboard.firstSteps.approvedAd.hint'),
      action: t('dashboard.firstSteps.approvedAd.action'),
      to: project ? `${project}/marketing` : '/projects',
    },
    {
      id: 'livePage',
      title: t('dashboard.firstSteps.livePage.title'),
      hint: t('dashboard.firstSteps.livePage.hint'),
      action: t('dashboard.firstSteps.livePage.action'),
      to: '/funnels',
    },
    {
      id: 'presentation',
      title: t('dashboard.firstSteps.presentation.title'),
      hint: t('dashboard.firstSteps.presentation.hint'),
      action: t('dashboard.firstSteps.presentation.action'),
      to: '/presentations',
    },
  ];
}

const HIDDEN_KEY = 'adloom.first-steps.hidden';

function hiddenBefore(): boolean {
  try {
    return localStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The dashboard's checklist of a new account (issue 27): each step links to where it is done
 * and ticks itself when its thing exists; the whole card goes once every step is done (or
 * when the user hides it). Without a project yet, a sample project is one click away.
 */
export function FirstSteps({ state, projectId, hasProjects }: { state: FirstStepsState; projectId: string | undefined; hasProjects: boolean }) {
  const t = useT();
  const [hidden, setHidden] = useState(hiddenBefore);
  const steps = stepsFor(t, projectId).filter((step) => state[step.id] !== null);
  const done = steps.filter((step) => state[step.id] === true).length;
  if (hidden || done === steps.length) return null;
  const next = steps.find((step) => state[step.id] !== true);
  const hide = () => {
    try {
      localStorage.setItem(HIDDEN_KEY, '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
    setHidden(true);
  };
  return (
    <section
      aria-labelledby="first-steps-title"
      className="mb-6 rounded-[var(--radius-card)] border border-accent-200 bg-white p-5 shadow-sm dark:border-accent-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="first-steps-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {t('dashboard.firstSteps.title')}
          </h2>
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('dashboard.firstSteps.done', { done, total: steps.length })}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={hide}>
          {t('dashboard.firstSteps.hide')}
        </Button>
      </div>
      <ProgressBar
        label={t('dashboard.firstSteps.progress')}
        value={done}
        max={steps.length}
        valueText={t('dashboard.firstSteps.progressValue', { done, total: steps.length })}
        className="mt-3"
      />
      <ol className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
        {steps.map((step) => (
          <StepRow key={step.id} step={step} done={state[step.id] === true} current={step === next}>
            {step.id === 'brandKit' && !hasProjects ? <SampleProjectButton /> : null}
          </StepRow>
        ))}
      </ol>
    </section>
  );
}

function StepRow({ step, done, current, children }: { step: Step; done: boolean; current: boolean; children?: ReactNode }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <span
        className={`grid size-6 shrink-0 place-items-center rounded-full border ${
          done ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-zinc-300 text-transparent dark:border-zinc-600'
        }`}
        aria-hidden="true"
      >
        <Check className="size-3.5" />
      </span>
      <span className="min-w-0 flex-1 basis-48">
        <span className={`block text-sm font-medium ${done ? 'text-zinc-500 line-through dark:text-zinc-400' : 'text-zinc-900 dark:text-zinc-50'}`}>
          {step.title}
          <span className="sr-only">{done ? t('dashboard.firstSteps.stepDone') : t('dashboard.firstSteps.stepToDo')}</span>
        </span>
        {done ? null : <span className="block text-xs text-zinc-600 dark:text-zinc-400">{step.hint}</span>}
      </span>
      {done ? null : (
        <span className="flex flex-wrap gap-2">
          <Link to={step.to} className={buttonClass(current ? 'primary' : 'secondary', 'sm')}>
            {step.action}
          </Link>
          {children}
        </span>
      )}
    </li>
  );
}

/** One click to a project to try things on; the plan's project limit applies as to any project. */
function SampleProjectButton() {
  const t = useT();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        pending={pending}
        pendingLabel={t('dashboard.firstSteps.sampleMaking')}
        onClick={() => {
          setPending(true);
          setError(null);
          call(api.api.onboarding['sample-project'].$post())
            .then((project) => navigate(`/projects/${project.id}/`))
            .catch((caught: unknown) => {
              setError(errorMessage(caught, t('dashboard.firstSteps.sampleFailed')));
              setPending(false);
            });
        }}
      >
        {t('dashboard.firstSteps.sample')}
      </Button>
      {error ? (
        <Alert tone="danger" className="basis-full">
          {error}
        </Alert>
      ) : null}
    </>
  );
}
