import type { User } from '@hearth/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { t } from '../../../lib/i18n';
import { YourBalance } from '../../bills';
import { useLeaveHouse, useMembers } from '../household-api';
import { leaveConsequences } from '../lib/member-words';
import { DeleteAccountButton } from './delete-account-button';

/** Leaving the house, and deleting one's account, each after saying exactly what will happen. */
export function LeaveCard({ user, houseId }: { user: User; houseId: number }) {
  // Until the members are known, leaving is not treated as the last one out.
  const memberCount = useMembers(houseId).data?.length ?? 2;
  const leave = useLeaveHouse(houseId);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'leave' | null>(null);
  const [problem, setProblem] = useState('');
  const last = memberCount <= 1;

  return (
    <Card>
      <h2 className="text-lg font-bold text-espresso">{t('houses:leaveOrDelete')}</h2>
      <p className="mt-1 text-sm text-muted">{t('houses:movingOutLeaveTheHouse')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={leave.isPending} onClick={() => setDialog('leave')}>
          {leave.isPending ? t('houses:leaving') : t('houses:leaveHouse')}
        </Button>
        <DeleteAccountButton lastMember={last} />
      </div>
      <p role="alert" className="mt-2 min-h-5 text-sm font-medium text-danger">
        {problem}
      </p>

      <ConfirmDialog
        open={dialog === 'leave'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={last ? t('houses:leaveAndDeleteTheHouse') : t('houses:leaveTheHouse')}
        description={
          <span className="flex flex-col gap-3">
            <span className="flex flex-col gap-1">
              {leaveConsequences(memberCount).map((line) => (
                <span key={line} className={line.includes('deletes') ? 'font-semibold text-danger' : ''}>
                  {line}
                </span>
              ))}
            </span>
            <span className="block text-espresso">
              <YourBalance user={user} />
            </span>
          </span>
        }
        confirmLabel={last ? t('houses:leaveAndDelete') : t('houses:leaveHouse')}
        destructive={last}
        onConfirm={() => {
          setProblem('');
          leave.mutate(undefined, {
            onSuccess: () => navigate('/houseSetup'),
            onError: (err) => {
              console.error('Error leaving the house:', err);
              setProblem(t('houses:errors.leave'));
            },
          });
        }}
      />
    </Card>
  );
}
