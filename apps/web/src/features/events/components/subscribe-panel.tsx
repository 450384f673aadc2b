import { Check, Copy, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { inputClasses } from '../../../components/form/input-classes';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';
import { useLogError } from '../../../lib/use-log-error';
import { useCalendarSubscription, useRotateSubscription } from '../api';
import { recallLink, rememberLink } from '../lib/subscription-link-store';

export interface SubscribePanelProps {
  userId: number;
  id?: string;
}

type Which = 'webcal' | 'https';

function LinkRow({
  label,
  value,
  which,
  copied,
  onCopy,
}: {
  label: string;
  value: string;
  which: Which;
  copied: Which | null;
  onCopy: (which: Which, value: string) => void;
}) {
  const inputId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-semibold text-espresso">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          readOnly
          value={value}
          className={`${inputClasses} min-w-0 font-mono text-sm`}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" size="sm" onClick={() => onCopy(which, value)} className="shrink-0">
          {copied === which ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied === which ? t('events:copied') : t('events:copy')}
          <span className="sr-only">{` ${label}`}</span>
        </Button>
      </div>
    </div>
  );
}

/**
 * 'Subscribe': the member's private link for calendar apps (Google Calendar, Apple Calendar, Thunderbird,
 * phones), in webcal:// and https:// forms, with copy buttons, and 'Revoke and make a new link'.
 */
export function SubscribePanel({ userId, id }: SubscribePanelProps) {
  const headingId = useId();
  // The link is made on the first request: only when the member asks for it.
  const [revealed, setRevealed] = useState(false);
  const subscription = useCalendarSubscription(revealed);
  const rotate = useRotateSubscription();
  const { copied, status, setStatus, copy } = useCopyToClipboard<Which>(t('events:copyLinkFailed'));
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (subscription.data) rememberLink(userId, subscription.data);
  }, [userId, subscription.data]);
  useLogError(subscription.error, 'Error loading the calendar link:');

  const link = subscription.data ? recallLink(userId, subscription.data) : null;

  function makeNewLink() {
    setStatus({ text: '' });
    rotate.mutate(undefined, {
      onSuccess: () => setStatus({ text: t('events:newLinkReadyTheOld') }),
      onError: (err) => {
        console.error('Error making a new calendar link:', err);
        setStatus({ text: t('events:couldNotMakeNewFeedLink'), error: true });
      },
    });
  }

  return (
    <section id={id} aria-labelledby={headingId}>
      <Card>
        <h2 id={headingId} className="text-lg font-bold text-espresso">
          {t('events:subscribe')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('events:feedLinkExplanation')}</p>
        {!revealed ? (
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => setRevealed(true)}>
            {t('events:showMyCalendarLink')}
          </Button>
        ) : subscription.isPending ? (
          <div className="mt-4 flex justify-center">
            <Spinner label={t('events:loadingYourCalendarLink')} />
          </div>
        ) : subscription.isError ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="text-sm font-medium text-danger">{t('events:couldNotLoadFeedLink')}</p>
            <Button variant="secondary" size="sm" onClick={() => void subscription.refetch()}>
              {t('events:tryAgain')}
            </Button>
          </div>
        ) : (
          <div className="mt-4 flex flex-col gap-4">
            {link ? (
              <>
                <LinkRow
                  label={t('events:calendarAppsWebcal')}
                  value={link.webcal_url}
                  which="webcal"
                  copied={copied}
                  onCopy={copy}
                />
                <LinkRow
                  label={t('events:webAddressHttps')}
                  value={link.https_url}
                  which="https"
                  copied={copied}
                  onCopy={copy}
                />
                <a href={link.webcal_url} className={buttonClasses('secondary', 'sm', 'self-start')}>
                  {t('events:openInMyCalendarApp')}
                </a>
              </>
            ) : (
              <p className="text-sm text-espresso">
                {t('events:yourPrivateLinkEndingIn')}{' '}
                <span className="font-mono">…{subscription.data.hint}</span>
                {t('events:wasMadeOn')} {formatDate(subscription.data.created_at)}{' '}
                {t('events:feedLinkShownOnlyWhereMade')}
              </p>
            )}
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              trigger={
                <Button variant="ghost" size="sm" className="self-start" disabled={rotate.isPending}>
                  <RefreshCw className="size-4" aria-hidden="true" />
                  {rotate.isPending ? t('events:making') : t('events:revokeAndMakeANew')}
                </Button>
              }
              title={t('events:revokeYourCalendarLink')}
              description={t('events:calendarAppsUsingYourCurrent')}
              confirmLabel={t('events:revokeAndMakeANew')}
              destructive
              onConfirm={makeNewLink}
            />
          </div>
        )}
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
