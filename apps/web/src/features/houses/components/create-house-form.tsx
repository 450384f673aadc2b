import { type FormEvent, useState } from 'react';
import { ImagePicker } from '../../../components/image-picker';
import { TextField } from '../../../components/text-field';
import { useCreateHouse } from '../api';
import { houseFailureMessage } from '../house-errors';
import { SetupFormActions } from './setup-form-actions';

export interface CreateHouseFormProps {
  onBack: () => void;
  onCreated: () => void;
}

export function CreateHouseForm({ onBack, onCreated }: CreateHouseFormProps) {
  const [name, setName] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field?: string; message: string } | null>(null);
  const create = useCreateHouse();
  const creating = create.isPending;
  const empty = name.trim() === '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || creating) return;
    setProblem(null);
    try {
      await create.mutateAsync({ house_name: name.trim(), house_img: image });
      onCreated();
    } catch (err) {
      console.error('Error creating house:', err);
      setProblem(houseFailureMessage(err));
    }
  }

  const fieldError = (field: string) => (problem?.field === field ? problem.message : undefined);

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="House Name"
        name="house_name"
        autoComplete="off"
        autoFocus
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setProblem(null);
        }}
        error={fieldError('house_name')}
        disabled={creating}
      />
      <ImagePicker
        label="House Photo (optional)"
        previewAlt="House photo preview"
        value={image}
        onChange={setImage}
        error={fieldError('house_img')}
        disabled={creating}
      />
      {problem && problem.field === undefined && (
        <p role="alert" className="text-sm font-medium text-danger">
          {problem.message}
        </p>
      )}
      <SetupFormActions
        onBack={onBack}
        busy={creating}
        empty={empty}
        label="Create"
        busyLabel="Creating..."
      />
    </form>
  );
}
