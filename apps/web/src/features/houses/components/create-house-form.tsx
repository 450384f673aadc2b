import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ImagePicker } from '../../../components/image-picker';
import { TextField } from '../../../components/text-field';
import { useCreateHouse } from '../api';
import { houseFailureMessage } from '../house-errors';

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
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1" onClick={onBack} disabled={creating}>
          Back
        </Button>
        <Button type="submit" className="flex-1" disabled={empty || creating}>
          {creating ? 'Creating...' : 'Create'}
        </Button>
      </div>
    </form>
  );
}
