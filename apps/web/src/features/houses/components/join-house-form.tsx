import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/text-field';
import { useJoinHouse } from '../api';
import { houseFailureMessage } from '../house-errors';
import { SetupFormActions } from './setup-form-actions';

export interface JoinHouseFormProps {
  initialCode: string;
  onBack: () => void;
  onJoined: () => void;
}

export function JoinHouseForm({ initialCode, onBack, onJoined }: JoinHouseFormProps) {
  const [code, setCode] = useState(initialCode);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const join = useJoinHouse();
  const joining = join.isPending;
  const empty = code.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || joining) return;
    setProblem(null);
    try {
      await join.mutateAsync(code);
      onJoined();
    } catch (err) {
      console.error('Error joining house:', err);
      setProblem(houseFailureMessage(err));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="House Code"
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setProblem(null);
        }}
        error={problem?.field === 'code' ? problem.message : undefined}
        hint="Ask a housemate for the code on their Home page."
        disabled={joining}
        className="[&_input]:font-mono [&_input]:tracking-widest [&_input]:uppercase"
      />
      {problem && problem.field !== 'code' && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem.message}
        </p>
      )}
      <SetupFormActions onBack={onBack} busy={joining} empty={empty} label="Join" busyLabel="Joining..." />
    </form>
  );
}
