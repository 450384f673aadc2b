import type { BillPerson, ExpenseImportResult } from '@hearth/contract';
import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { isApiError } from '../../../lib/api-client';
import { useExportCsv, useImportCsv } from '../api/csv';

/** Files larger than this are not Splitwise exports of a household. */
const MAX_FILE_BYTES = 2_000_000;

/**
 * Export every expense and payment as CSV, and import a Splitwise CSV export. Splitwise names people by
 * their full names; those that match a member are used, and the server says which do not.
 */
export function ImportExport({ people }: { people: readonly BillPerson[] }) {
  const exportCsv = useExportCsv();
  const importCsv = useImportCsv();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<ExpenseImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setError(null);
    if (file.size > MAX_FILE_BYTES) {
      setError('That file is too large to be a Splitwise export.');
      return;
    }
    try {
      setResult(await importCsv.mutateAsync({ csv: await file.text() }));
    } catch (err) {
      console.error('Error importing CSV:', err);
      setError(
        isApiError(err) && err.serverMessage && err.status < 500
          ? err.serverMessage
          : 'We couldn’t import that file. Please try again.',
      );
    } finally {
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-espresso">Export and import</h2>
      <p className="text-sm text-muted">
        The CSV uses Splitwise’s layout. To import a Splitwise export, its people must match your housemates’
        full names ({people.filter((p) => p.in_house).length} in the house).
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={exportCsv.isPending}
          onClick={() =>
            exportCsv.mutate(undefined, { onError: () => setError('We couldn’t export. Please try again.') })
          }
        >
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </Button>
        <label
          htmlFor={inputId}
          className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface px-3 text-sm font-semibold text-espresso hover:border-tan hover:bg-tan-light focus-within:outline-2 focus-within:outline-primary"
        >
          <Upload className="size-4" aria-hidden="true" />
          {importCsv.isPending ? 'Importing…' : 'Import Splitwise CSV'}
          <input
            id={inputId}
            ref={fileRef}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={importCsv.isPending}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
      </div>
      {result && (
        <p role="status" className="text-sm text-espresso">
          Imported {result.expenses} expenses and {result.payments} payments
          {result.skipped.length > 0 ? `; skipped ${result.skipped.length} rows:` : '.'}
        </p>
      )}
      {result && result.skipped.length > 0 && (
        <ul className="list-inside list-disc text-sm text-muted">
          {result.skipped.map((s) => (
            <li key={s.line}>
              Line {s.line}: {s.reason}
            </li>
          ))}
        </ul>
      )}
      {error && <Banner variant="error">{error}</Banner>}
    </Card>
  );
}
