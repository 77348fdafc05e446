import { useId, useState, type FormEvent } from 'react';
import { FUNNEL_LIMITS } from '#common/schemas/funnels.ts';
import { Link } from 'react-router';
import { Alert } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { TextField } from '#client/components/field.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { funnelsApi, type FunnelDetail } from '#client/features/funnels/api.ts';

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

export function domainError(hostname: string): string | undefined {
  if (!HOSTNAME.test(hostname)) return 'Enter a domain like offers.example.com (no https:// and no path).';
  return undefined;
}

type Problem = { kind: 'limit' | 'taken' | 'other'; message: string };

/**
 * The custom domain: a hostname the funnel's pages are served on (`/` is the first page,
 * `/{slug}` the others), with the DNS setup it needs. The plan's limit (402) and a domain
 * another funnel uses (409) are said plainly, on the card.
 */
export function DomainCard({ funnel, onSaved }: { funnel: FunnelDetail; onSaved: (funnel: FunnelDetail) => void }) {
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
        message: customDomain ? `The funnel now answers on ${customDomain} once its DNS record is in place.` : 'The custom domain was removed.',
      });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 402 || error.code === 'plan_limit_reached')) {
        setProblem({ kind: 'limit', message: error.message });
      } else if (error instanceof ApiError && error.status === 409) {
        setProblem({
          kind: 'taken',
          message: `${customDomain ?? 'This domain'} is already used by another funnel. Remove it there first, or pick another domain.`,
        });
      } else if (error instanceof ApiError && error.details?.customDomain?.[0]) {
        setFieldError(error.details.customDomain[0]);
      } else {
        setProblem({ kind: 'other', message: errorMessage(error, 'The domain could not be saved. Try again.') });
      }
    } finally {
      setPending(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const hostname = hostnameOf(value);
    const error = domainError(hostname);
    setFieldError(error);
    if (error) return;
    setValue(hostname);
    if (hostname === current) return;
    void send(hostname);
  };

  const shown = current ?? (hostnameOf(value) || 'offers.example.com');

  return (
    <Card title="Custom domain" description="Serve this funnel on your customer’s own address: its first page at /, the others at /{page}.">
      {canEdit ? (
        <form noValidate onSubmit={submit} className="space-y-3">
          <TextField
            label="Domain"
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
            <Alert tone="warning" title="No custom domain left on this plan">
              <p>{problem.message}</p>
              <Link to="/account/billing" className={`${buttonClass('secondary', 'sm')} mt-2`}>
                See plans
              </Link>
            </Alert>
          ) : null}
          {problem && problem.kind !== 'limit' ? <Alert tone="danger">{problem.message}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-3">
            {current ? (
              <Button variant="secondary" pending={pending === 'remove'} disabled={pending !== null} onClick={() => void send(null)}>
                Remove domain
              </Button>
            ) : null}
            <Button type="submit" pending={pending === 'save'} disabled={pending !== null} pendingLabel="Saving…">
              Save domain
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm">{current ?? 'No custom domain.'}</p>
      )}
      <details className="mt-4 text-sm text-zinc-700 dark:text-zinc-300" open={Boolean(current)}>
        <summary className="cursor-pointer font-medium">How to set it up</summary>
        <ol className="mt-2 list-decimal space-y-2 pl-5">
          <li>
            At the domain’s DNS provider, add a <strong>CNAME</strong> record for <code className="break-all font-mono">{shown}</code> pointing to{' '}
            <code className="break-all font-mono">{appHost}</code>.
          </li>
          <li>Save the domain here. Visitors to https://{shown}/ then see the funnel’s first page.</li>
          <li>
            In production Adloom registers the domain as a Cloudflare for SaaS custom hostname; the certificate is issued by itself once the record resolves,
            usually within minutes.
          </li>
        </ol>
      </details>
    </Card>
  );
}

/** "Email the team about every lead": a switch that saves at once. */
export function NotifyCard({ funnel, onSaved }: { funnel: FunnelDetail; onSaved: (funnel: FunnelDetail) => void }) {
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
      toast({ tone: 'success', message: next ? 'The project’s members will get an email for every lead.' : 'No more emails about new leads.' });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, 'The setting could not be saved. Try again.') });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id={`${id}-label`} className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
            Email about new leads
          </p>
          <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Every member of the project gets one email per lead, with what the visitor entered.
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
  const toast = useToast();
  const [title, setTitle] = useState(funnel.title);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  if (funnel.role === 'viewer') return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = title.trim();
    const problem = !trimmed ? 'Give the funnel a title.' : trimmed.length > FUNNEL_LIMITS.title ? `Use at most ${FUNNEL_LIMITS.title} characters.` : undefined;
    setError(problem);
    if (problem || trimmed === funnel.title) return;
    setPending(true);
    try {
      const saved = await funnelsApi.update(funnel.id, { title: trimmed });
      onSaved(saved);
      setTitle(saved.title);
      toast({ tone: 'success', message: 'The title was saved.' });
    } catch (e) {
      setError(e instanceof ApiError && e.details?.title?.[0] ? e.details.title[0] : errorMessage(e, 'The title could not be saved. Try again.'));
    } finally {
      setPending(false);
    }
  };
  return (
    <Card>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <TextField
          label="Funnel title"
          name="title"
          hint={`The address stays /p/${funnel.name}.`}
          value={title}
          error={error}
          maxLength={FUNNEL_LIMITS.title + 20}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            setError(undefined);
          }}
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" variant="secondary" pending={pending} pendingLabel="Saving…" disabled={title.trim() === funnel.title}>
            Save title
          </Button>
        </div>
      </form>
    </Card>
  );
}
