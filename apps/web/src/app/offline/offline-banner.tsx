import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '../../components/button';
import { t } from '../../lib/i18n';
import { useOnline } from '../../lib/offline/use-online';
import { useWriteQueue } from '../../lib/offline/use-write-queue';
import { activeWriteQueue } from '../../lib/offline/write-queue';

const changes = (n: number) => t('common:changes', { count: n });

/**
 * Says what is happening when the connection goes: that the page shows the copy saved on this device,
 * which changes wait to be sent (in words, one line each), and which ones could not be saved.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { writes, dropped, stalled } = useWriteQueue();
  if (online && writes.length === 0 && dropped.length === 0) return null;

  return (
    <div className="mb-4 flex flex-col gap-3">
      {(!online || writes.length > 0) && (
        <section
          aria-label={t('connection')}
          className="flex items-start gap-3 rounded-xl border border-warning-border bg-warning-bg px-4 py-3 text-warning"
        >
          {online ? (
            <RefreshCw className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          ) : (
            <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1 text-sm font-medium [overflow-wrap:anywhere]">
            <p role="status">
              {online
                ? stalled
                  ? t('notSentServerUnreachable', { count: changes(writes.length) })
                  : t('sendingMadeWhileOffline', { count: changes(writes.length) })
                : writes.length > 0
                  ? t('offlineSavedWaiting', { count: changes(writes.length) })
                  : t('youReOfflineYouRe')}
            </p>
            {writes.length > 0 && (
              <ul aria-label={t('waitingToBeSent')} className="mt-1 list-disc pl-5 font-normal">
                {writes.map((w) => (
                  <li key={w.key}>{t('waitingToBeSentItem', { label: w.label })}</li>
                ))}
              </ul>
            )}
          </div>
        </section>
      )}
      {dropped.length > 0 && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-danger-border bg-danger-bg px-4 py-3 text-danger"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div className="min-w-0 flex-1 text-sm font-medium [overflow-wrap:anywhere]">
            <p>
              {dropped.length === 1
                ? t('aChangeMadeOfflineCould')
                : t('offlineChangesNotSaved', { count: changes(dropped.length) })}
            </p>
            <ul className="mt-1 list-disc pl-5 font-normal">
              {dropped.map((d) => (
                <li key={d.key}>
                  {d.label}: {d.reason}
                </li>
              ))}
            </ul>
          </div>
          <Button size="sm" variant="secondary" onClick={() => void activeWriteQueue()?.dismissDropped()}>
            {t('dismiss')}
          </Button>
        </div>
      )}
    </div>
  );
}
