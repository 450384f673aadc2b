import type { Member } from '@hearth/contract';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MemberAvatar } from '../../../components/member-avatar';
import { Spinner } from '../../../components/spinner';
import { t } from '../../../lib/i18n';
import { useLogError } from '../../../lib/use-log-error';
import { useMembers, useRemoveMember, useWithdrawRemoval } from '../household-api';
import { fullName, joinedWords, removalRule, removalState } from '../lib/member-words';

/** Who lives in the house, when they joined, and removing someone who moved out. */
export function MembersCard({ houseId, me }: { houseId: number; me: number }) {
  const members = useMembers(houseId);
  useLogError(members.error);
  const remove = useRemoveMember(houseId);
  const withdraw = useWithdrawRemoval(houseId);
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [status, setStatus] = useState<{ text: string; error?: boolean }>({ text: '' });

  const list = members.data ?? [];
  const ask = (member: Member) => {
    setStatus({ text: '' });
    remove.mutate(member.user_id, {
      onSuccess: ({ status: state }) =>
        setStatus({
          text:
            state === 'removed'
              ? t('houses:isNoLongerAMember', { member: fullName(member) })
              : t('houses:askedToRemoveAnotherMember', { member: fullName(member) }),
        }),
      onError: (err) => {
        console.error('Error removing a member:', err);
        setStatus({ text: t('houses:weCouldnTRemoveThem'), error: true });
      },
    });
  };

  return (
    <Card>
      <h2 className="text-lg font-bold text-espresso">{t('houses:members')}</h2>
      <p className="mt-1 text-sm text-muted">
        {t('houses:removeMovedOutHint')} {removalRule(list.length)}
      </p>
      {members.isPending && <Spinner label={t('houses:loadingMembers')} className="mt-4" />}
      {members.isError && <p className="mt-4 text-muted">{t('houses:couldNotLoadMembers')}</p>}
      <ul className="mt-4 flex flex-col divide-y divide-line" aria-label={t('houses:members')}>
        {list.map((member) => {
          const state = removalState(member, me, list);
          return (
            <li key={member.user_id} className="flex flex-wrap items-center gap-3 py-3">
              <MemberAvatar member={member} className="size-12 text-base" />
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-semibold break-words text-espresso">
                  {fullName(member)}
                  {member.user_id === me && (
                    <span className="font-normal text-muted"> {t('houses:you')}</span>
                  )}
                </p>
                <p className="text-sm break-all text-muted">@{member.username}</p>
                <p className="text-sm text-muted">{joinedWords(member)}</p>
                {state.kind === 'asked-by-other' && (
                  <p className="mt-1 text-sm font-medium break-words text-espresso">
                    {t('houses:askedToRemoveThem', { askedBy: state.askedBy })}
                  </p>
                )}
                {state.kind === 'asked-by-me' && (
                  <p className="mt-1 text-sm font-medium text-espresso">{t('houses:youAskedToRemoveThem')}</p>
                )}
              </div>
              {member.user_id !== me && (
                <div className="flex flex-wrap gap-2">
                  {state.kind === 'asked-by-me' ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={withdraw.isPending}
                      onClick={() => withdraw.mutate(member.user_id)}
                    >
                      {t('houses:withdrawRequest')}
                    </Button>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={remove.isPending}
                      onClick={() => setConfirming(member)}
                      aria-label={`${state.kind === 'asked-by-other' ? t('houses:confirmRemovalOf') : t('houses:remove')} ${fullName(member)}`}
                    >
                      {state.kind === 'asked-by-other' ? t('houses:confirmRemoval') : t('houses:remove')}
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm font-medium break-words ${status.error ? 'text-danger' : 'text-success'}`}
      >
        {status.text}
      </p>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={
          confirming
            ? t('houses:removeMemberQuestion', { confirming: fullName(confirming) })
            : t('houses:removeMember')
        }
        description={t('houses:removedMemberContentStays', { count: removalRule(list.length) })}
        confirmLabel={
          confirming && removalState(confirming, me, list).kind === 'asked-by-other'
            ? t('houses:confirmRemoval')
            : t('houses:remove')
        }
        destructive
        onConfirm={() => {
          if (confirming) ask(confirming);
          setConfirming(null);
        }}
      />
    </Card>
  );
}
