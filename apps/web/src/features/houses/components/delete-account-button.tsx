import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSignOut } from '../../auth';
import { useDeleteAccount } from '../household-api';

/**
 * Deletes the caller's account after saying what goes and what stays, then signs out. `lastMember`
 * adds that the house goes too.
 */
export function DeleteAccountButton({ lastMember = false }: { lastMember?: boolean }) {
  const deleteAccount = useDeleteAccount();
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState('');

  return (
    <>
      <Button variant="danger" disabled={deleteAccount.isPending} onClick={() => setOpen(true)}>
        {deleteAccount.isPending ? 'Deleting...' : 'Delete my account'}
      </Button>
      {problem && (
        <p role="alert" className="w-full text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description={
          <span className="flex flex-col gap-1">
            <span>Your profile, personal data and reminders are deleted, and you are signed out.</span>
            <span>On this Hearth’s own sign-in, your sign-in account is deleted too.</span>
            <span>What you made for a house stays with it, shown as “Former member”.</span>
            {lastMember && (
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
    </>
  );
}
