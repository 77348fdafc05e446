import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { APPROVAL_MODES, CHAIN_LIMITS, type ApprovalMode } from '#common/approval-chain.ts';
import type { ApprovalChainDetail } from '#common/schemas/approval-chain.ts';
import type { MemberInfo } from '#common/schemas/projects.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { CheckboxGroup } from '#client/components/checkbox-group.tsx';
import { TextField } from '#client/components/field.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { Card } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat } from '#client/lib/format.ts';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useSayEnglish, useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { projectsApi } from '#client/features/projects/api.ts';

/** A level as the card edits it: a key for React, the emails as typed (comma- or space-separated). */
interface DraftLevel {
  key: number;
  name: string;
  userIds: string[];
  emails: string;
}

let keys = 0;
const draftOf = (level: ApprovalChainDetail['levels'][number]): DraftLevel => ({
  key: ++keys,
  name: level.name,
  userIds: level.userIds,
  emails: level.emails.join(', '),
});
const emailsOf = (typed: string) => typed.split(/[\s,;]+/).filter(Boolean);

/**
 * The project's approval chain (decision 0050): the mode, and with `levels` the ordered levels,
 * each named, with approvers among the members and by email. Every member sees it; the owner changes it.
 */
export function ApprovalChainCard({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const t = useT();
  const chain = useResource(() => Promise.all([projectsApi.chain(projectId), projectsApi.members(projectId)]), [projectId]);
  return (
    <Card title={t('projects.chain.title')} description={t('projects.chain.description')}>
      {chain.status === 'loading' ? <SkeletonLines lines={3} label={t('projects.chain.loading')} /> : null}
      {chain.status === 'error' ? <LoadFailed title={t('projects.chain.loadFailed')} onRetry={chain.reload} /> : null}
      {chain.status === 'ready' ? (
        <>
          <OutsideMail count={chain.data[0].outsideMail} />
          <ChainForm projectId={projectId} canEdit={canEdit} saved={chain.data[0]} members={chain.data[1].items} />
        </>
      ) : null}
    </Card>
  );
}

/**
 * The day's approval emails to people outside the project (a limit per project and day, decision
 * 0050): once it held some back, until when and what to do; before, how many went out.
 */
function OutsideMail({ count }: { count: ApprovalChainDetail['outsideMail'] }) {
  const t = useT();
  const format = useFormat();
  if (!count || count.sent === 0 || !count.resetsAt) return null;
  const values = { ...count, until: format.date(count.resetsAt, 'dateTime') };
  if (count.held === 0) return <p className="mb-4 text-xs text-zinc-500">{t('projects.chain.mailSent', values)}</p>;
  return (
    <Alert tone="warning" className="mb-4" title={t('projects.chain.mailHeldTitle', values)}>
      {t('projects.chain.mailHeld', values)}
    </Alert>
  );
}

function ChainForm({ projectId, canEdit, saved, members }: { projectId: string; canEdit: boolean; saved: ApprovalChainDetail; members: MemberInfo[] }) {
  const t = useT();
  const say = useSayEnglish();
  const toast = useToast();
  const [mode, setMode] = useState<ApprovalMode>(saved.mode);
  const [levels, setLevels] = useState<DraftLevel[]>(() => saved.levels.map(draftOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const change = (key: number, patch: Partial<DraftLevel>) => setLevels((all) => all.map((level) => (level.key === key ? { ...level, ...patch } : level)));
  const move = (index: number, by: -1 | 1) =>
    setLevels((all) => {
      const next = [...all];
      const [level] = next.splice(index, 1);
      next.splice(index + by, 0, level!);
      return next;
    });

  const save = async () => {
    setPending(true);
    setError(null);
    setErrors({});
    try {
      // Only the levels the mode shows (hidden ones are not checked), and only approvers who are still members (one who left
      // would make every save refused).
      const memberIds = new Set(members.map((member) => member.userId));
      const shown = mode === 'levels' ? levels : [];
      const body = {
        mode,
        levels: shown.map((level) => ({ name: level.name, userIds: level.userIds.filter((id) => memberIds.has(id)), emails: emailsOf(level.emails) })),
      };
      const next = await projectsApi.saveChain(projectId, body);
      setLevels(next.levels.map(draftOf));
      toast({ tone: 'success', message: t('projects.chain.saved') });
    } catch (e) {
      if (e instanceof ApiError && e.details) {
        setErrors(Object.fromEntries(Object.entries(e.details).map(([field, messages]) => [field, say(messages[0] ?? '')])));
      }
      setError(errorMessage(e, t('projects.chain.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <MessageAlert message={error} />
      <fieldset className="min-w-0" disabled={!canEdit}>
        <legend className="text-sm font-medium">{t('projects.chain.mode')}</legend>
        <div className="mt-2 space-y-2">
          {APPROVAL_MODES.map((value) => (
            <label key={value} className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={value}
                className="mt-0.5 size-4"
                checked={mode === value}
                disabled={!canEdit}
                onChange={() => setMode(value)}
              />
              <span className="font-medium">{t('projects.chain.modeName', { mode: value })}</span>
              <span className="col-start-2 text-xs text-zinc-500">{t('projects.chain.modeHint', { mode: value })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'levels' ? (
        <ol className="space-y-4">
          {levels.map((level, index) => (
            <li key={level.key} className="min-w-0 rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
              <div className="flex items-end gap-2">
                <TextField
                  className="min-w-0 flex-1"
                  label={t('projects.chain.levelName', { position: index + 1 })}
                  value={level.name}
                  maxLength={CHAIN_LIMITS.levelName}
                  disabled={!canEdit}
                  error={errors[`levels.${index}.name`]}
                  onChange={(e) => change(level.key, { name: e.currentTarget.value })}
                />
                {canEdit ? (
                  <div className="flex shrink-0 pb-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={index === 0}
                      aria-label={t('projects.chain.up', { name: level.name })}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={index === levels.length - 1}
                      aria-label={t('projects.chain.down', { name: level.name })}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('projects.chain.remove', { name: level.name })}
                      onClick={() => setLevels((all) => all.filter((l) => l.key !== level.key))}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </Button>
                  </div>
                ) : null}
              </div>
              <div className="mt-3">
                <CheckboxGroup
                  legend={t('projects.chain.members')}
                  name={`levels.${index}.userIds`}
                  options={members.map((member) => ({ value: member.userId, label: member.name, hint: member.email, disabled: !canEdit }))}
                  picked={level.userIds}
                  error={errors[`levels.${index}.userIds`]}
                  onToggle={(userId, on) => change(level.key, { userIds: on ? [...level.userIds, userId] : level.userIds.filter((id) => id !== userId) })}
                />
              </div>
              <TextField
                className="mt-3"
                label={t('projects.chain.emails')}
                hint={t('projects.chain.emailsHint')}
                type="text"
                inputMode="email"
                value={level.emails}
                disabled={!canEdit}
                error={errors[`levels.${index}.emails`] ?? Object.entries(errors).find(([field]) => field.startsWith(`levels.${index}.emails.`))?.[1]}
                onChange={(e) => change(level.key, { emails: e.currentTarget.value })}
              />
            </li>
          ))}
        </ol>
      ) : null}
      {errors.levels ? <p className="text-sm text-red-700 dark:text-red-300">{errors.levels}</p> : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          {mode === 'levels' && levels.length < CHAIN_LIMITS.levels ? (
            <Button variant="secondary" onClick={() => setLevels((all) => [...all, draftOf({ name: '', userIds: [], emails: [] })])}>
              {t('projects.chain.add')}
            </Button>
          ) : null}
          <Button type="submit" disabled={pending}>
            {t('projects.chain.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
