import type { User } from '@hearth/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSignOut } from '../../auth';
import { YourBalance } from '../../bills';
import { useDeleteAccount, useLeaveHouse, useMembers } from '../household-api';
import { leaveConsequences } from '../lib/member-words';

/** Leaving the house, and deleting one's account, each after saying exactly what will happen. */
export function LeaveCard({ user, houseId }: { user: User; houseId: number }) {
  // Until the members are known, leaving is not treated as the last one out.
  const memberCount = useMembers(houseId).data?.length ?? 2;
  const leave = useLeaveHouse(houseId);
  const deleteAccount = useDeleteAccount();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'leave' | 'delete' | null>(null);
  const [problem, setProblem] = useState('');
  const last = memberCount <= 1;

  return (
    <Card>
      <h2 className="text-lg font-bold text-espresso">Leave or delete</h2>
      <p className="mt-1 text-sm text-muted">
        Moving out? Leave the house. Deleting your account also removes your profile, reminders and sign-in.
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" disabled={leave.isPending} onClick={() => setDialog('leave')}>
          {leave.isPending ? 'Leaving...' : 'Leave house'}
        </Button>
        <Button variant="danger" disabled={deleteAccount.isPending} onClick={() => setDialog('delete')}>
          {deleteAccount.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
      <p role="alert" className="mt-2 min-h-5 text-sm font-medium text-danger">
        {problem}
      </p>

      <ConfirmDialog
        open={dialog === 'leave'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={last ? 'Leave and delete the house?' : 'Leave the house?'}
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
        confirmLabel={last ? 'Leave and delete' : 'Leave house'}
        destructive={last}
        onConfirm={() => {
          setProblem('');
          leave.mutate(undefined, {
            onSuccess: () => navigate('/houseSetup'),
            onError: (err) => {
              console.error('Error leaving the house:', err);
              setProblem("We couldn't take you out of the house. Please try again.");
            },
          });
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete your account?"
        description={
          <span className="flex flex-col gap-1">
            <span>Your profile, personal data and reminders are deleted, and you are signed out.</span>
            <span>On this Hearth’s own sign-in, your sign-in account is deleted too.</span>
            <span>What you made for the house stays, shown as “Former member”.</span>
            {last && (
              <span className="font-semibold text-danger">
                You are the last member: the house and all its data go too.
              </span>
            )}
            <span className="font-semibold">This cannot be undone.</span>
          </span>
        }
        confirmLabel="Delete my account"
        destructive
        onConfirm={() => {
          setProblem('');
          deleteAccount.mutate(undefined, {
            onSuccess: () => signOut(),
            onError: (err) => {
              console.error('Error deleting the account:', err);
              setProblem("We couldn't delete your account. Please try again.");
            },
          });
        }}
      />
    </Card>
  );
}
