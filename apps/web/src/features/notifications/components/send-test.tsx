import { Send } from 'lucide-react';
import { Button } from '../../../components/button';
import { t } from '../../../lib/i18n';
import { useSendTestNotification } from '../api/settings';
import { testResultParts } from '../lib/test-result';

/** "Send a test": one message to every device and, when on, by email; then says where it went. */
export function SendTest() {
  const send = useSendTestNotification();
  const message = send.isError
    ? t('notifications:test.failed')
    : send.data
      ? testResultParts(send.data)
          .map((part) =>
            'count' in part
              ? t(`notifications:test.${part.key}`, { count: part.count })
              : t(`notifications:test.${part.key}`),
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
        {send.isPending ? t('notifications:test.sending') : t('notifications:test.button')}
      </Button>
      <p role="status" className={send.isError ? 'text-sm font-medium text-danger' : 'text-sm text-muted'}>
        {message}
      </p>
    </div>
  );
}
