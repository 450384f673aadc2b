import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { t } from '../lib/i18n';
import { ImageResizeError, shrinkImage } from '../lib/image-resize';
import { Button } from './button';
import { Spinner } from './spinner';

export interface ImagePickerProps {
  label: string;
  /** The current image as a data-URL, or null. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** A message from the server about this image. */
  error?: string | undefined;
  disabled?: boolean;
  /** Alt text of the preview. */
  previewAlt?: string;
  /** Turns a chosen file into the data-URL to upload (injectable for tests). */
  prepare?: (file: File) => Promise<string>;
}

/** Image files only (accept="image/*" and a type check); shown as a circular preview. */
export function ImagePicker({
  label,
  value,
  onChange,
  error,
  disabled = false,
  previewAlt,
  prepare = shrinkImage,
}: ImagePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? error;

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again fires another change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setLocalError(t('common:image.chooseAnImage'));
      return;
    }
    setLocalError(null);
    setBusy(true);
    try {
      onChange(await prepare(file));
    } catch (err) {
      setLocalError(err instanceof ImageResizeError ? err.message : t('common:image.notAnImage'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={shownError ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-espresso">{label}</legend>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full border-2 border-tan bg-tan-light">
          {busy ? (
            <Spinner label={t('preparingImage')} />
          ) : value ? (
            <img src={value} alt={previewAlt ?? t('preview', { label })} className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-7 text-primary" aria-hidden="true" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface px-4 text-sm font-semibold',
              'text-espresso hover:border-tan hover:bg-tan-light has-[input:focus-visible]:outline-2',
              'has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-primary',
              (disabled || busy) && 'pointer-events-none opacity-55',
            )}
          >
            <ImagePlus className="size-4" aria-hidden="true" />
            {value ? t('changeImage') : t('chooseImage')}
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={disabled || busy}
              onChange={handleFile}
              aria-label={label}
            />
          </label>
          {value && (
            <Button
              variant="ghost"
              size="md"
              className="text-sm"
              disabled={disabled || busy}
              onClick={() => {
                setLocalError(null);
                onChange(null);
                inputRef.current?.focus();
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('removeImage')}
            </Button>
          )}
        </div>
      </div>
      {shownError && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {shownError}
        </p>
      )}
    </fieldset>
  );
}
