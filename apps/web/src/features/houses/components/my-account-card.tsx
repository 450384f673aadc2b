import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { t } from '../../../lib/i18n';
import { useDownloads } from '../household-api';
import { DeleteAccountButton } from './delete-account-button';

/** Someone without a house still owns their data: a copy of it, and deleting the account. */
export function MyAccountCard() {
  const download = useDownloads(null);
  const [problem, setProblem] = useState('');
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-bold text-espresso">{t('houses:yourAccount')}</h2>
      <p className="mt-1 text-sm text-muted">{t('houses:downloadYourProfileAndReminders')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={download.isPending}
          onClick={() => {
            setProblem('');
            download.mutate('me', {
              onError: (err) => {
                console.error('Error downloading my data:', err);
                setProblem(t('houses:errors.download'));
              },
            });
          }}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('houses:myDataJson')}
        </Button>
        <DeleteAccountButton />
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {problem}
        </p>
      )}
    </Card>
  );
}
