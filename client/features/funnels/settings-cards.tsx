import { useId, useState, type FormEvent } from 'react';
import type { I18n } from '@lingui/core';
import { FUNNEL_LIMITS } from '#common/schemas/funnels.ts';
import { Link } from 'react-router';
import { Alert } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { TextField } from '#client/components/field.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { funnelsApi, type FunnelDetail } from '#client/features/funnels/api.ts';
import { useT } from '#client/lib/i18n-context.tsx';

const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** What the user typed as a bare lower-case hostname ("https://Go.Acme.example/" → "go.acme.example"). */
export function hostnameOf(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.$/, '');
}

export function domainError(t: I18n['_'], hostname: string): string | undefined {
  if (!HOSTNAME.test(hostname)) return t('funnels.domain.invalid');
  return undefined;
}

type Problem = { kind: 'limit' | 'taken' | 'other'; message: string };

/**
 * The custom domain: a hostname the funnel's pages are served on (`/` is the first page,
 * `/{slug}` the others), with the DNS setup it needs. The plan's limit (402) and a domain
 * another funnel uses (409) are said plainly, on the card.
 */
export function DomainCard({ funnel, onSaved }: { funnel: FunnelDetail; onSaved: (funnel: FunnelDetail) => void }) {
  const t = useT();
  const toast = useToast();
  const canEdit = funnel.role !== 'viewer';
  const [value, setValue] = useState(funnel.customDomain ?? '');
  const [fieldError, setFieldError] = useState<string>();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState<'save' | 'remove' | null>(null);
  const appHost = typeof window === 'undefined' ? 'adloom.app' : window.location.host;
  const current = funnel.customDomain;

  const send = async (customDomain: string | null) => {
    setPending(customDomain === null ? 'remove' : 'save');
    setProblem(null);
    try {
      const saved = await funnelsApi.update(funnel.id, { customDomain });
      onSaved(saved);
      setValue(saved.customDomain ?? '');
      toast({
        tone: 'success',
        message: customDomain ? t('funnels.domain.saved', { domain: customDomain }) : t('funnels.domain.removed'),
      });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 402 || error.code === 'plan_limit_reached')) {
        setProblem({ kind: 'limit', message: error.message });
      } else if (error instanceof ApiError && error.status === 409) {
        setProblem({
          kind: 'taken',
          message: t('funnels.domain.taken', { domain: customDomain ?? t('funnels.domain.thisDomain') }),
        });
      } else if (error instanceof ApiError && error.details?.customDomain?.[0]) {
        setFieldError(error.details.customDomain[0]);
      } else {
        setProblem({ kind: 'other', message: errorMessage(error, t('funnels.domain.failed')) });
      }
    } finally {
      setPending(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const hostname = hostnameOf(value);
    const error = domainError(t, hostname);
    setFieldError(error);
    if (error) return;
    setValue(hostname);
    if (hostname === current) return;
    void send(hostname);
  };

  const shown = current ?? (hostnameOf(value) || 'offers.example.com');

  return (
    <Card title={t('funnels.domain.title')} description={t('funnels.domain.description')}>
      {canEdit ? (
        <form noValidate onSubmit={submit} className="space-y-3">
          <TextField
            label={t('funnels.domain.label')}
            name="customDomain"
            placeholder="offers.example.com"
            autoComplete="off"
            spellCheck={false}
            maxLength={260}
            value={value}
            error={fieldError}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setFieldError(undefined);
              setProblem(null);
            }}
          />
          {problem?.kind === 'limit' ? (
            <Alert tone="warning" title={t('funnels.domain.limit')}>
              <p>{problem.message}</p>
              <Link to="/account/billing" className={`${buttonClass('secondary', 'sm')} mt-2`}>
                {t('funnels.domain.plans')}
              </Link>
            </Alert>
          ) : null}
          {problem && problem.kind !== 'limit' ? <Alert tone="danger">{problem.message}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-3">
            {current ? (
              <Button variant="secondary" pending={pending === 'remove'} disabled={pending !== null} onClick={() => void send(null)}>
                {t('funnels.domain.remove')}
              </Button>
            ) : null}
            <Button type="submit" pending={pending === 'save'} disabled={pending !== null} pendingLabel={t('funnels.domain.saving')}>
              {t('funnels.domain.save')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm">{current ?? t('funnels.domain.none')}</p>
      )}
      <details className="mt-4 text-sm text-zinc-700 dark:text-zinc-300" open={Boolean(current)}>
        <summary className="cursor-pointer font-medium">{t('funnels.domain.howTo')}</summary>
        <ol className="mt-2 list-decimal space-y-2 pl-5">
          <li>
            {t('funnels.domain.step1', { record: '\ue000r\ue000', host: '\ue000h\ue000', target: '\ue000t\ue000' })
              .split(/\ue000(\w)\ue000/)
              .map((part, i) =>
                i % 2 === 0 ? (
                  part
                ) : part === 'r' ? (
                  <strong key={i}>CNAME</strong>
                ) : (
                  <code key={i} className="font-mono break-all">
                    {part === 'h' ? shown : appHost}
                  </code>
                ),
              )}
          </li>
          <li className="break-words">{t('funnels.domain.step2', { host: shown })}</li>
          <li>{t('funnels.domain.step3')}</li>
        </ol>
      </details>
    </Card>
  );
}

/** "Email the team about every lead": a switch that saves at once. */
export function NotifyCard({ funnel, onSaved }: { funnel: FunnelDetail; onSaved: (funnel: FunnelDetail) => void }) {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const canEdit = funnel.role !== 'viewer';
  const toggle = async () => {
    if (pending) return;
    setPending(true);
    const next = !funnel.notifyLeads;
    try {
      onSaved(await funnelsApi.update(funnel.id, { notifyLeads: next }));
      toast({ tone: 'success', message: next ? t('funnels.notify.on') : t('funnels.notify.off') });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('funnels.notify.failed')) });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id={`${id}-label`} className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
            {t('funnels.notify.label')}
          </p>
          <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {t('funnels.notify.hint')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={funnel.notifyLeads}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={!canEdit || pending}
          onClick={() => void toggle()}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:opacity-60 ${funnel.notifyLeads ? 'bg-accent-600' : 'bg-zinc-300 dark:bg-zinc-700'}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${funnel.notifyLeads ? 'translate-x-5' : 'translate-x-0.5'}`}
          />
        </button>
      </div>
    </Card>
  );
}

/** The funnel's title (what the team calls it; visitors see the pages' own titles). */
export function TitleCard({ funnel, onSaved }: { funnel: FunnelDetail; onSaved: (funnel: FunnelDetail) => void }) {
  const t = useT();
  const toast = useToast();
  const [title, setTitle] = useState(funnel.title);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (funnel.role === 'viewer') return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = title.trim();
    const problem = !trimmed
      ? t('funnels.title.missing')
      : trimmed.length > FUNNEL_LIMITS.title
        ? t('funnels.title.long', { max: FUNNEL_LIMITS.title })
        : undefined;
    setError(problem);
    if (problem || trimmed === funnel.title) return;
    setPending(true);
    try {
      const saved = await funnelsApi.update(funnel.id, { title: trimmed });
      onSaved(saved);
      setTitle(saved.title);
      toast({ tone: 'success', message: t('funnels.title.saved') });
    } catch (e) {
      setError(e instanceof ApiError && e.details?.title?.[0] ? e.details.title[0] : errorMessage(e, t('funnels.title.failed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <TextField
          label={t('funnels.title.label')}
          name="title"
          hint={t('funnels.title.hint', { name: funnel.name })}
          value={title}
          error={error}
          maxLength={FUNNEL_LIMITS.title + 20}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setError(undefined);
          }}
        />
        <div className="flex justify-end">
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            pending={pending}
            pendingLabel={t('funnels.domain.saving')}
            disabled={title.trim() === funnel.title}
          >
            {t('funnels.title.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
