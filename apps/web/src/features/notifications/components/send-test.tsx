import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useSendTestNotification } from '../api/settings';
import { testResultParts } from '../lib/test-result';

/** "Send a test": one message to every device and, when on, by email; then says where it went. */
export function SendTest() {
  const { t } = useTranslation('notifications');
  const send = useSendTestNotification();
  const message = send.isError
    ? t('test.failed')
    : send.data
      ? testResultParts(send.data)
          .map((part) =>
            'count' in part ? t(`test.${part.key}`, { count: part.count }) : t(`test.${part.key}`),
          )
          .join(' ')
      : '';
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        variant="secondary"
        onClick={() =>
          send.mutate(undefined, { onError: (err) => console.error('Error sending a test:', err) })
        }
        disabled={send.isPending}
        aria-busy={send.isPending || undefined}
      >
        <Send className="size-4" aria-hidden="true" />
        {send.isPending ? t('test.sending') : t('test.button')}
      </Button>
      <p role="status" className={send.isError ? 'text-sm font-medium text-danger' : 'text-sm text-muted'}>
        {message}
      </p>
    </div>
  );
}
