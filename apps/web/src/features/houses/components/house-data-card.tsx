import { ErrorCode } from '@hearth/contract';
import { Download, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useDownloads, useImportHouse } from '../household-api';

type Status = { text: string; error?: boolean };

const DOWNLOADS = [
  { what: 'house', label: 'houses:downloads.house' },
  { what: 'calendar', label: 'houses:downloads.calendar' },
  { what: 'expenses', label: 'houses:downloads.expenses' },
  { what: 'me', label: 'houses:downloads.me' },
] as const;

function importProblem(err: unknown): string {
  if (isApiError(err)) {
    if (err.code === ErrorCode.houseNotEmpty) {
      return t('houses:importErrors.notEmpty');
    }
    if (err.status === 413) return t('houses:importErrors.tooLarge');
    if (err.serverMessage) return err.serverMessage;
  }
  return t('houses:importErrors.failed');
}

/** A picked file's text (FileReader: older engines' File has no text()). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** Taking the house's data out, and bringing a house export from another Hearth into an empty house. */
export function HouseDataCard({ houseId }: { houseId: number }) {
  const download = useDownloads(houseId);
  const importHouse = useImportHouse(houseId);
  const [status, setStatus] = useState<Status>({ text: '' });
  const [pending, setPending] = useState<{ name: string; doc: unknown } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setPending({ name: file.name, doc: JSON.parse(await readText(file)) });
    } catch {
      setStatus({ text: t('houses:isNotAHearthHouse', { name: file.name }), error: true });
    }
  }

  return (
    <Card>
      <h2 className="text-lg font-bold text-espresso">{t('houses:yourData')}</h2>
      <p className="mt-1 text-sm text-muted">{t('houses:downloadTheHouseSData')}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        {DOWNLOADS.map(({ what, label }) => (
          <Button
            key={what}
            variant="secondary"
            size="sm"
            disabled={download.isPending}
            onClick={() => {
              setStatus({ text: '' });
              download.mutate(what, {
                onError: (err) => {
                  console.error(`Error downloading ${what}:`, err);
                  setStatus({ text: t('houses:couldNotDownloadExport', { label: t(label) }), error: true });
                },
              });
            }}
          >
            <Download className="size-4" aria-hidden="true" />
            {t(label)}
          </Button>
        ))}
      </div>

      <h3 className="mt-6 font-semibold text-espresso">{t('houses:importAHouse')}</h3>
      <p className="mt-1 text-sm text-muted">{t('houses:movingFromAnotherHearthImport')}</p>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={pick}
      />
      <Button
        className="mt-3"
        variant="secondary"
        size="sm"
        disabled={importHouse.isPending}
        onClick={() => fileInput.current?.click()}
      >
        <Upload className="size-4" aria-hidden="true" />
        {importHouse.isPending ? t('houses:importing') : t('houses:importHouseExport')}
      </Button>
      <p
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm font-medium break-words ${status.error ? 'text-danger' : 'text-success'}`}
      >
        {status.text}
      </p>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t('houses:importThisHouseExport')}
        description={t('houses:importFillsHouse', { value: pending?.name ?? 'The file' })}
        confirmLabel={t('houses:import')}
        onConfirm={() => {
          const doc = pending?.doc;
          setPending(null);
          setStatus({ text: '' });
          importHouse.mutate(doc, {
            onSuccess: (result) => {
              const added = Object.values(result.sections).reduce((sum, n) => sum + n, 0);
              setStatus({ text: t('houses:importedRecords', { added }) });
            },
            onError: (err) => {
              console.error('Error importing a house:', err);
              setStatus({ text: importProblem(err), error: true });
            },
          });
        }}
      />
    </Card>
  );
}
