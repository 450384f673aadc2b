import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { inputClasses } from '../../../components/form/input-classes';
import { t } from '../../../lib/i18n';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';
import { useMakePersonalFeedLink, useRevokePersonalFeedLink } from '../api';

/**
 * 'Your personal feed': one private link with the house's events, your turns at tasks, bills falling due
 * and your own reminders (with alerts), for a phone's calendar app. The server keeps only a hash, so the
 * link shows only in the answer that made it; a new link or a revoke stops the old one at once.
 */
export function PersonalFeedPanel() {
  const headingId = useId();
  const inputId = useId();
  const make = useMakePersonalFeedLink();
  const revoke = useRevokePersonalFeedLink();
  const [url, setUrl] = useState<string | null>(null);
  const { copied, status, setStatus, copy } = useCopyToClipboard<'feed'>(t('events:copyLinkFailed'));
  const busy = make.isPending || revoke.isPending;

  const makeLink = () => {
    setStatus({ text: '' });
    make.mutate(undefined, {
      onSuccess: ({ url: made }) => {
        setUrl(made);
        setStatus({ text: t('events:personalFeedLinkReadyAny') });
      },
      onError: (err) => {
        console.error('Error making a personal feed link:', err);
        setStatus({ text: t('events:couldNotMakeFeedLink'), error: true });
      },
    });
  };

  const revokeLink = () => {
    setStatus({ text: '' });
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setStatus({ text: t('events:personalFeedLinkRevokedCalendar') });
      },
      onError: (err) => {
        console.error('Error revoking the personal feed link:', err);
        setStatus({ text: t('events:couldNotRevokeFeedLink'), error: true });
      },
    });
  };

  return (
    <section aria-labelledby={headingId}>
      <Card>
        <h2 id={headingId} className="text-lg font-bold text-espresso">
          {t('events:yourPersonalFeed')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('events:oneCalendarWithTheHouse')}</p>
        {url && (
          <div className="mt-4 flex flex-col gap-1.5">
            <label htmlFor={inputId} className="text-sm font-semibold text-espresso">
              {t('events:personalFeedLink')}
            </label>
            <div className="flex gap-2">
              <input
                id={inputId}
                readOnly
                value={url}
                className={`${inputClasses} min-w-0 font-mono text-sm`}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void copy('feed', url)}
                className="shrink-0"
              >
                {copied === 'feed' ? (
                  <Check className="size-4" aria-hidden="true" />
                ) : (
                  <Copy className="size-4" aria-hidden="true" />
                )}
                {copied === 'feed' ? t('events:copied') : t('events:copy')}
                <span className="sr-only"> {t('events:personalFeedLinkSuffix')}</span>
              </Button>
            </div>
          </div>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            size="sm"
            onClick={makeLink}
            disabled={busy}
            aria-busy={make.isPending || undefined}
          >
            {make.isPending
              ? t('events:making')
              : url
                ? t('events:makeANewLink')
                : t('events:makeMyPersonalFeedLink')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={revokeLink}
            disabled={busy}
            aria-busy={revoke.isPending || undefined}
          >
            {revoke.isPending ? t('events:revoking') : t('events:revokeMyLink')}
          </Button>
        </div>
        <p
          aria-live="polite"
          className={`mt-3 min-h-5 text-sm ${status.error ? 'font-medium text-danger' : 'text-success'}`}
        >
          {status.text}
        </p>
      </Card>
    </section>
  );
}
