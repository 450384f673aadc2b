import { useForm } from 'react-hook-form';
import { Form, TextField } from '../../../components/form';
import { t } from '../../../lib/i18n';
import { useJoinHouse } from '../api';
import { houseFailureMessage } from '../house-errors';
import { SetupFormActions } from './setup-form-actions';

export interface JoinHouseFormProps {
  initialCode: string;
  onBack: () => void;
  onJoined: () => void;
}

export function JoinHouseForm({ initialCode, onBack, onJoined }: JoinHouseFormProps) {
  const form = useForm({ defaultValues: { code: initialCode } });
  const join = useJoinHouse();
  const empty = form.watch('code').trim() === '';

  return (
    <Form
      form={form}
      validate={() => !empty}
      onSubmit={async ({ code }) => {
        await join.mutateAsync(code);
        onJoined();
      }}
      onFailure={(err) => {
        console.error('Error joining house:', err);
        return houseFailureMessage(err);
      }}
      actions={
        <SetupFormActions
          onBack={onBack}
          empty={empty}
          label={t('houses:join')}
          busyLabel={t('houses:joining')}
        />
      }
    >
      <TextField
        label={t('houses:joinHouseCode')}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        autoFocus
        hint={t('houses:askHousemateForCode')}
        className="[&_input]:font-mono [&_input]:tracking-widest [&_input]:uppercase"
      />
    </Form>
  );
}
