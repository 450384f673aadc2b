import { Button } from '../../../components/button';
import { SubmitButton, useFormStatus } from '../../../components/form';
import { t } from '../../../lib/i18n';

export interface SetupFormActionsProps {
  onBack: () => void;
  /** The required field is empty: the submit button waits for it. */
  empty: boolean;
  label: string;
  /** The submit button's label while the request is under way (both buttons wait then). */
  busyLabel: string;
}

/** Back and the submit button of the Join and Create forms. */
export function SetupFormActions({ onBack, empty, label, busyLabel }: SetupFormActionsProps) {
  const { busy } = useFormStatus();
  return (
    <div className="flex w-full gap-3">
      <Button variant="secondary" className="flex-1" onClick={onBack} disabled={busy !== null}>
        {t('houses:back')}
      </Button>
      <SubmitButton className="flex-1" disabled={empty} busyLabel={busyLabel}>
        {label}
      </SubmitButton>
    </div>
  );
}
