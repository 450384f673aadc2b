import type { House } from '@hearth/contract';
import { Check, Copy, Link2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { t } from '../../../lib/i18n';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';
import { useRotateHouseCode } from '../api';

/** The link a housemate opens to land on /houseSetup with the code filled in. */
export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/houseSetup?code=${encodeURIComponent(code)}`;
}

/** Shows members the house's invite code, copies it or an invite link, and makes a new one. */
export function HouseInviteCard({ house }: { house: House }) {
  const { copied, status, setStatus, copy } = useCopyToClipboard<'code' | 'link'>(t('houses:copyCodeFailed'));
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateHouseCode();

  return (
    <Card>
      <h2 className="text-lg font-bold text-espresso">{t('houses:inviteHousemates')}</h2>
      <p className="mt-1 text-sm text-muted">{t('houses:shareCodeHint')}</p>
      <p className="mt-4 rounded-xl border border-dashed border-tan bg-tan-light px-4 py-3 text-center font-mono text-2xl font-bold tracking-[0.2em] text-espresso select-all">
        <span className="sr-only">{t('houses:houseCode')} </span>
        {house.house_code}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => copy('code', house.house_code)}>
          {copied === 'code' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied === 'code' ? t('houses:copied') : t('houses:copyCode')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => copy('link', inviteLink(house.house_code))}>
          {copied === 'link' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Link2 className="size-4" aria-hidden="true" />
          )}
          {copied === 'link' ? t('houses:copied') : t('houses:copyInviteLink')}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="ghost" size="sm" disabled={rotate.isPending}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {rotate.isPending ? t('houses:making') : t('houses:newCode')}
            </Button>
          }
          title={t('houses:makeANewInviteCode')}
          description={t('houses:theCurrentCodeAndAny')}
          confirmLabel={t('houses:makeNewCode')}
          onConfirm={() => {
            setStatus({ text: '' });
            rotate.mutate(house.house_id, {
              onSuccess: () => setStatus({ text: t('houses:newCodeReady') }),
              onError: (err) => {
                console.error('Error making a new house code:', err);
                setStatus({ text: t('houses:couldNotMakeNewCode'), error: true });
              },
            });
          }}
        />
      </div>
      <p
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm font-medium ${status.error ? 'text-danger' : 'text-success'}`}
      >
        {status.text}
      </p>
    </Card>
  );
}
