import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { DateStyle } from '#common/format.ts';
import { inviteInput, type MemberInfo, type ProjectDetail, type ProjectRole } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { TextField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { Card } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useForm } from '#client/lib/use-form.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { useUser } from '#client/lib/session.tsx';
import { projectsApi } from '#client/features/projects/api.ts';

/** An invitation's expiry: a week away at most, so day and month say it. */
const EXPIRY_STYLE: DateStyle = 'dayMonth';
const smallSelect = 'h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900';

type Pending = { kind: 'transfer' | 'remove' | 'leave'; member: MemberInfo } | null;

/** Members and invitations: the owner invites, changes roles, transfers ownership, removes; others can leave. */
export function MembersCard({ project, onChanged }: { project: ProjectDetail; onChanged: () => void }) {
  const t = useT();
  const format = useFormat();
  const me = useUser();
  const toast = useToast();
  const navigate = useNavigate();
  const isOwner = project.role === 'owner';
  const members = useResource(() => projectsApi.members(project.id), [project.id]);
  const [pending, setPending] = useState<Pending>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm(inviteInput, { email: '', role: 'editor' });

  const act = async (work: () => Promise<unknown>, success: string) => {
    setWorking(true);
    setError(null);
    try {
      await work();
      toast({ tone: 'success', message: success });
      members.reload();
      onChanged();
    } catch (e) {
      setError(errorMessage(e, t('projects.members.failed')));
    } finally {
      setWorking(false);
      setPending(null);
    }
  };

  const changeRole = (member: MemberInfo, role: ProjectRole) => {
    if (role === 'owner') return setPending({ kind: 'transfer', member });
    void act(() => projectsApi.setRole(project.id, member.userId, role), t('projects.members.roleChanged', { name: member.name, role }));
  };

  return (
    <Card title={t('projects.members.title')} description={t('projects.members.description')}>
      {members.status === 'loading' ? <SkeletonLines lines={3} label={t('projects.members.loading')} /> : null}
      {members.status === 'error' ? <LoadFailed title={t('projects.members.loadFailed')} onRetry={members.reload} /> : null}
      <MessageAlert message={error} className="mb-3" />
      {members.status === 'ready' ? (
        <>
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {members.data.items.map((member) => {
              const isMe = member.userId === me.id;
              return (
                <li key={member.userId} className="flex items-center justify-between gap-3 py-2.5">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium">
                      {member.name}
                      {isMe ? <span className="text-zinc-500">{t('projects.members.you')}</span> : null}
                    </p>
                    <p className="truncate text-xs text-zinc-500">{member.email}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    {isOwner && !isMe ? (
                      <>
                        <select
                          aria-label={t('projects.members.roleOf', { name: member.name })}
                          className={smallSelect}
                          value={member.role}
                          disabled={working}
                          onChange={(e) => changeRole(member, e.currentTarget.value as ProjectRole)}
                        >
                          <option value="editor">{t('projects.role', { role: 'editor' })}</option>
                          <option value="viewer">{t('projects.role', { role: 'viewer' })}</option>
                          <option value="owner">{t('projects.members.ownerTransfer')}</option>
                        </select>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setPending({ kind: 'remove', member })}
                          aria-label={t('projects.members.removeLabel', { name: member.name })}
                        >
                          {t('projects.members.remove')}
                        </Button>
                      </>
                    ) : (
                      <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium dark:bg-zinc-800">
                        {t('projects.role', { role: member.role })}
                      </span>
                    )}
                    {isMe && member.role !== 'owner' ? (
                      <Button variant="ghost" size="sm" onClick={() => setPending({ kind: 'leave', member })}>
                        {t('projects.members.leave')}
                      </Button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
          {isOwner && members.data.invites.length > 0 ? (
            <div className="mt-4">
              <h3 className="text-sm font-semibold">{t('projects.members.invited')}</h3>
              <ul className="mt-1 divide-y divide-zinc-200 dark:divide-zinc-800">
                {members.data.invites.map((invite) => (
                  <li key={invite.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span className="min-w-0 truncate">
                      {invite.email}{' '}
                      <span className="text-xs text-zinc-500">
                        {t('projects.members.inviteMeta', {
                          role: t('projects.role', { role: invite.role }),
                          date: format.date(invite.expiresAt, EXPIRY_STYLE),
                        })}
                      </span>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={working}
                      onClick={() => act(() => projectsApi.withdrawInvite(project.id, invite.id), t('projects.members.withdrawn'))}
                    >
                      {t('projects.members.withdraw')}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : null}
      {isOwner && !project.archived ? (
        <form
          noValidate
          className="mt-4 space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800"
          onSubmit={form.handleSubmit(async (data) => {
            await projectsApi.invite(project.id, data);
            form.reset({ email: '', role: data.role });
            toast({ tone: 'success', message: t('projects.members.inviteSent', { email: data.email }) });
            members.reload();
          })}
        >
          <FormError error={form.formError} />
          <div className="flex flex-wrap items-end gap-2">
            <TextField
              label={t('projects.members.inviteEmail')}
              type="email"
              placeholder="name@customer.com"
              className="min-w-48 flex-1"
              {...form.field('email')}
            />
            <label className="block">
              <span className="sr-only">{t('projects.members.inviteRole')}</span>
              <select className={`${smallSelect} h-10`} value={form.values.role} onChange={form.field('role').onChange}>
                <option value="editor">{t('projects.role', { role: 'editor' })}</option>
                <option value="viewer">{t('projects.role', { role: 'viewer' })}</option>
              </select>
            </label>
            <Button type="submit" pending={form.pending} pendingLabel={t('projects.members.sending')}>
              {t('projects.members.invite')}
            </Button>
          </div>
        </form>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'transfer'
            ? t('projects.members.transferTitle', { name: pending.member.name })
            : pending?.kind === 'leave'
              ? t('projects.members.leaveTitle')
              : t('projects.members.removeTitle', { name: pending?.member.name ?? '' })
        }
        confirmLabel={
          pending?.kind === 'transfer'
            ? t('projects.members.transferConfirm')
            : pending?.kind === 'leave'
              ? t('projects.members.leaveConfirm')
              : t('projects.members.removeConfirm')
        }
        pending={working}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const { kind, member } = pending;
          if (kind === 'transfer') {
            void act(() => projectsApi.setRole(project.id, member.userId, 'owner'), t('projects.members.transferred', { name: member.name }));
          } else {
            void act(
              async () => {
                await projectsApi.removeMember(project.id, member.userId);
                if (kind === 'leave') await navigate('/projects');
              },
              kind === 'leave' ? t('projects.members.left', { project: project.name }) : t('projects.members.removed', { name: member.name }),
            );
          }
        }}
      >
        {pending?.kind === 'transfer'
          ? t('projects.members.transferText')
          : pending?.kind === 'leave'
            ? t('projects.members.leaveText')
            : t('projects.members.removeText')}
      </ConfirmDialog>
    </Card>
  );
}
