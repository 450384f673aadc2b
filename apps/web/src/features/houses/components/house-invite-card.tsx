import type { House } from '@hearth/contract';
import { Check, Copy, Link2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard';
import { useRotateHouseCode } from '../api';

/** The link a housemate opens to land on /houseSetup with the code filled in. */
export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/houseSetup?code=${encodeURIComponent(code)}`;
}

/** Shows members the house's invite code, copies it or an invite link, and makes a new one. */
export function HouseInviteCard({ house }: { house: House }) {
  const { copied, status, setStatus, copy } = useCopyToClipboard<'code' | 'link'>(
    "Couldn't copy. Select the code and copy it yourself.",
  );
  const [confirming, setConfirming] = useState(false);
  const rotate = useRotateHouseCode();

  return (
    <Card>
      <h2 className="text-lg font-bold text-espresso">Invite housemates</h2>
      <p className="mt-1 text-sm text-muted">Share this code, or a link that fills it in for them.</p>
      <p className="mt-4 rounded-xl border border-dashed border-tan bg-tan-light px-4 py-3 text-center font-mono text-2xl font-bold tracking-[0.2em] text-espresso select-all">
        <span className="sr-only">House code: </span>
        {house.house_code}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => copy('code', house.house_code)}>
          {copied === 'code' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied === 'code' ? 'Copied!' : 'Copy code'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => copy('link', inviteLink(house.house_code))}>
          {copied === 'link' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Link2 className="size-4" aria-hidden="true" />
          )}
          {copied === 'link' ? 'Copied!' : 'Copy invite link'}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="ghost" size="sm" disabled={rotate.isPending}>
              <RefreshCw className="size-4" aria-hidden="true" />
              {rotate.isPending ? 'Making...' : 'New code'}
            </Button>
          }
          title="Make a new invite code?"
          description="The current code and any invite links already shared will stop working."
          confirmLabel="Make new code"
          onConfirm={() => {
            setStatus({ text: '' });
            rotate.mutate(house.house_id, {
              onSuccess: () => setStatus({ text: 'New code ready.' }),
              onError: (err) => {
                console.error('Error making a new house code:', err);
                setStatus({ text: "We couldn't make a new code. Please try again.", error: true });
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
