import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { t } from '../../../lib/i18n';
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
        {deleteAccount.isPending ? t('houses:deleting') : t('houses:deleteMyAccount')}
      </Button>
      {problem && (
        <p role="alert" className="w-full text-sm font-medium text-danger">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('houses:deleteYourAccount')}
        description={
          <span className="flex flex-col gap-1">
            <span>{t('houses:accountDeletionEffect')}</span>
            <span>{t('houses:onThisHearthSOwn')}</span>
            <span>{t('houses:madeForHouseStays')}</span>
            {lastMember && (
              <span className="font-semibold text-danger">{t('houses:youAreTheLastMember')}</span>
            )}
            <span className="font-semibold">{t('houses:thisCannotBeUndone')}</span>
          </span>
        }
        confirmLabel={t('houses:deleteMyAccount')}
        destructive
        onConfirm={() => {
          setProblem('');
          deleteAccount.mutate(undefined, {
            onSuccess: () => signOut(),
            onError: (err) => {
              console.error('Error deleting the account:', err);
              setProblem(t('houses:errors.deleteAccount'));
            },
          });
        }}
      />
    </>
  );
}
