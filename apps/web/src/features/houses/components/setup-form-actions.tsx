import { Button } from '../../../components/button';

export interface SetupFormActionsProps {
  onBack: () => void;
  /** The request is under way: both buttons wait, and the submit button says so. */
  busy: boolean;
  /** The required field is empty. */
  empty: boolean;
  label: string;
  busyLabel: string;
}

/** Back and the submit button of the Join and Create forms (SPEC: House setup). */
export function SetupFormActions({ onBack, busy, empty, label, busyLabel }: SetupFormActionsProps) {
  return (
    <div className="flex gap-3">
      <Button variant="secondary" className="flex-1" onClick={onBack} disabled={busy}>
        Back
      </Button>
      <Button type="submit" className="flex-1" disabled={empty || busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
