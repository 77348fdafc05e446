import { Copy, Link2Off, Send } from 'lucide-react';
import { useState } from 'react';
import {
  recipientCreateInput,
  type PresentationRecipient,
  type PresentationRequest,
  type PresentationTalk,
  type PresentationVisit,
} from '#common/schemas/presentation-talk.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useForm } from '#client/lib/use-form.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { presentationsApi } from '#client/features/presentations/api.ts';
import { formatDuration } from '#client/features/presentations/duration.ts';
import { sectionLabel } from '#client/features/presentations/sections.ts';

/**
 * Presentations that talk back in the workspace (decision 0056), under a presentation's
 * statistics: the people it was shared with (each their own link to copy, revocable), what
 * visitors asked for or answered ("give access" in one click, as in the email), and each visit
 * as a timeline (when, through whose link, how long in each section).
 */
export function TalkPanel({ id }: { id: string }) {
  const t = useT();
  const talk = useResource(() => presentationsApi.talk(id), [id], { keepStale: true });
  if (talk.status === 'loading') return <SkeletonLines lines={4} label={t('presentations.talk.loading')} />;
  if (talk.status === 'error') return <LoadFailed title={t('presentations.talk.loadFailed')} onRetry={talk.reload} />;
  return <TalkView id={id} talk={talk.data} reload={talk.reload} />;
}

export function TalkView({ id, talk, reload }: { id: string; talk: PresentationTalk; reload: () => void }) {
  const t = useT();
  return (
    <div className="space-y-6">
      <section aria-labelledby="talk-requests">
        <h3 id="talk-requests" className="mb-2 text-sm font-semibold">
          {t('presentations.talk.requests')}
        </h3>
        {talk.requests.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('presentations.talk.requestsEmpty')}</p>
        ) : (
          <ul className="space-y-2">
            {talk.requests.map((r) => (
              <RequestItem key={r.id} presentationId={id} request={r} onChanged={reload} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="talk-recipients">
        <h3 id="talk-recipients" className="mb-1 text-sm font-semibold">
          {t('presentations.talk.recipients')}
        </h3>
        <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t('presentations.talk.recipientsText')}</p>
        <AddRecipient presentationId={id} onAdded={reload} />
        <ul className="mt-3 space-y-2">
          {talk.recipients.map((r) => (
            <RecipientItem key={r.id} presentationId={id} recipient={r} onChanged={reload} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="talk-visits">
        <h3 id="talk-visits" className="mb-2 text-sm font-semibold">
          {t('presentations.talk.visits')}
        </h3>
        {talk.visits.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('presentations.talk.visitsEmpty')}</p>
        ) : (
          <ol className="space-y-3 border-l-2 border-zinc-200 pl-4 dark:border-zinc-800">
            {talk.visits.map((v) => (
              <VisitItem key={v.id} visit={v} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function AddRecipient({ presentationId, onAdded }: { presentationId: string; onAdded: () => void }) {
  const t = useT();
  const toast = useToast();
  const form = useForm(recipientCreateInput, { name: '', email: '' });
  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={form.handleSubmit(async (data) => {
        await presentationsApi.addRecipient(presentationId, data);
        form.reset({ name: '', email: '' });
        toast({ tone: 'success', message: t('presentations.talk.added', { name: data.name }) });
        onAdded();
      })}
    >
      <FormError error={form.formError} className="sm:col-span-3" />
      <TextField label={t('presentations.talk.name')} required {...form.field('name')} />
      <TextField label={t('presentations.talk.email')} type="email" {...form.field('email')} />
      <Button type="submit" pending={form.pending} pendingLabel={t('presentations.talk.adding')}>
        {t('presentations.talk.add')}
      </Button>
    </form>
  );
}

function RecipientItem({ presentationId, recipient, onChanged }: { presentationId: string; recipient: PresentationRecipient; onChanged: () => void }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const url = `${window.location.origin}${recipient.path}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ tone: 'success', message: t('presentations.talk.copied', { name: recipient.name }) });
    } catch {
      toast({ tone: 'error', message: t('presentations.talk.copyFailed') });
    }
  };
  const revoke = async () => {
    setPending(true);
    try {
      await presentationsApi.revokeRecipient(presentationId, recipient.id);
      onChanged();
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('presentations.talk.revokeFailed')) });
    } finally {
      setPending(false);
    }
  };
  const seen = recipient.lastVisitAt
    ? t('presentations.talk.seen', { count: recipient.visits, date: format.date(recipient.lastVisitAt, 'dateTime') })
    : t('presentations.talk.notSeen');
  return (
    <li className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-recipient={recipient.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 font-medium break-words">
          {recipient.name} {recipient.email ? <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">{recipient.email}</span> : null}
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{recipient.revokedAt ? t('presentations.talk.revoked') : seen}</p>
      </div>
      {recipient.revokedAt ? null : (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <input
            readOnly
            value={url}
            aria-label={t('presentations.talk.linkOf', { name: recipient.name })}
            className="h-9 min-w-0 flex-1 basis-48 rounded-md border border-zinc-300 bg-zinc-50 px-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button size="sm" variant="secondary" onClick={() => void copy()}>
            <Copy className="size-4" aria-hidden="true" /> {t('presentations.talk.copy')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void revoke()} pending={pending} pendingLabel={t('presentations.talk.revoking')}>
            <Link2Off className="size-4" aria-hidden="true" /> {t('presentations.talk.revoke')}
          </Button>
        </div>
      )}
    </li>
  );
}

function RequestItem({ presentationId, request, onChanged }: { presentationId: string; request: PresentationRequest; onChanged: () => void }) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const grant = async () => {
    setPending(true);
    try {
      await presentationsApi.grantRequest(presentationId, request.id);
      toast({ tone: 'success', message: t('presentations.talk.granted', { name: request.name }) });
      onChanged();
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('presentations.talk.grantFailed')) });
    } finally {
      setPending(false);
    }
  };
  return (
    <li className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" data-request={request.id}>
      <p className="text-xs font-semibold text-zinc-600 uppercase dark:text-zinc-400">
        {request.kind === 'access' ? t('presentations.talk.kindAccess') : t('presentations.talk.kindInterest')} · {format.date(request.createdAt, 'dateTime')}
      </p>
      <p className="mt-1 font-medium break-words">
        {request.name}{' '}
        <a className="text-sm font-normal underline" href={`mailto:${request.email}`}>
          {request.email}
        </a>
      </p>
      {request.message ? <p className="mt-1 text-sm break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">{request.message}</p> : null}
      <div className="mt-2">
        {request.grantedAt ? (
          <p className="text-sm text-emerald-700 dark:text-emerald-400">
            {t('presentations.talk.grantedAt', { date: format.date(request.grantedAt, 'dateTime') })}
          </p>
        ) : (
          <Button size="sm" onClick={() => void grant()} pending={pending} pendingLabel={t('presentations.talk.granting')}>
            <Send className="size-4" aria-hidden="true" /> {t('presentations.talk.grant')}
          </Button>
        )}
      </div>
    </li>
  );
}

function VisitItem({ visit }: { visit: PresentationVisit }) {
  const t = useT();
  const format = useFormat();
  const longest = Math.max(1, ...visit.sections.map((s) => s.seconds));
  return (
    <li className="relative" data-visit={visit.id}>
      <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-accent-600" />
      <p className="text-sm">
        <span className="font-medium">{visit.recipient ? visit.recipient.name : t('presentations.talk.plainLink')}</span>
        {' · '}
        {format.date(visit.startedAt, 'dateTime')}
        {' · '}
        {formatDuration(t, visit.seconds)}
      </p>
      {visit.sections.length > 0 ? (
        <ul className="mt-1 space-y-1" aria-label={t('presentations.talk.sectionsOf')}>
          {visit.sections.map((s) => (
            <li key={s.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
              <span className="truncate">{s.title || sectionLabel(t, s.type)}</span>
              <span className="tabular-nums">{formatDuration(t, s.seconds)}</span>
              <span aria-hidden="true" className="col-span-2 h-1 rounded bg-zinc-100 dark:bg-zinc-800">
                <span className={`block h-1 rounded bg-accent-600 ${widthClass(s.seconds / longest)}`} />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A bar's width in tenths (no style attributes: the workspace's CSP is strict enough that classes are simpler). */
function widthClass(share: number): string {
  const tenths = Math.max(1, Math.min(10, Math.round(share * 10)));
  return ['w-1/10', 'w-2/10', 'w-3/10', 'w-4/10', 'w-5/10', 'w-6/10', 'w-7/10', 'w-8/10', 'w-9/10', 'w-full'][tenths - 1]!;
}
