import type { BillPerson, ExpenseImportResult } from '@hearth/contract';
import { Download, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { inputClasses } from '../../../components/form/input-classes';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useExportCsv, useImportCsv } from '../api/csv';
import { guessMember, splitwisePeople } from '../lib/splitwise-header';

/** Files larger than this are not Splitwise exports of a household. */
const MAX_FILE_BYTES = 2_000_000;

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

interface Pending {
  csv: string;
  /** Each person column of the file with the member chosen for it ('' while none is). */
  matches: { name: string; user_id: string }[];
}

export interface ImportExportProps {
  people: readonly BillPerson[];
  nameOf: (userId: number) => string;
}

/**
 * Export every expense and payment as CSV (Splitwise's layout), and import a Splitwise export: after the
 * file is chosen, each of its people is matched to a housemate (guessed by full name or username), then the
 * server records what it can and says which rows it left out.
 */
export function ImportExport({ people, nameOf }: ImportExportProps) {
  const exportCsv = useExportCsv();
  const importCsv = useImportCsv();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [result, setResult] = useState<ExpenseImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const members = people.filter((p) => p.in_house);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setError(null);
    setPending(null);
    if (fileRef.current) fileRef.current.value = '';
    if (file.size > MAX_FILE_BYTES) {
      setError(t('bills:importErrors.tooLarge'));
      return;
    }
    const csv = await file.text();
    const names = splitwisePeople(csv);
    if (!names) {
      setError(t('bills:importErrors.notSplitwise'));
      return;
    }
    setPending({
      csv,
      matches: names.map((name) => ({ name, user_id: String(guessMember(name, people) ?? '') })),
    });
  };

  const runImport = async () => {
    if (!pending) return;
    const unmatched = pending.matches.find((m) => m.user_id === '');
    if (unmatched) {
      setError(t('bills:importErrors.chooseWho', { name: unmatched.name }));
      return;
    }
    setError(null);
    try {
      setResult(
        await importCsv.mutateAsync({
          csv: pending.csv,
          people: pending.matches.map((m) => ({ name: m.name, user_id: Number(m.user_id) })),
        }),
      );
      setPending(null);
    } catch (err) {
      console.error('Error importing CSV:', err);
      setError(
        isApiError(err) && err.serverMessage && err.status < 500
          ? err.serverMessage
          : t('bills:importErrors.failed'),
      );
    }
  };

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-espresso">{t('bills:exportAndImport')}</h2>
      <p className="text-sm text-muted">{t('bills:theCsvUsesSplitwiseS')}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={exportCsv.isPending}
          onClick={() => exportCsv.mutate(undefined, { onError: () => setError(t('bills:exportFailed')) })}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('bills:exportCsv')}
        </Button>
        <label
          htmlFor={inputId}
          className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-xl border border-line bg-surface px-3 text-sm font-semibold text-espresso focus-within:outline-2 focus-within:outline-primary hover:border-tan hover:bg-tan-light"
        >
          <Upload className="size-4" aria-hidden="true" />
          {t('bills:importSplitwiseCsv')}
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

      {pending && (
        <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-3">
          <legend className="px-1 text-sm font-semibold text-espresso">{t('bills:whoIsWho')}</legend>
          {pending.matches.map((m, i) => (
            <label key={m.name} className="flex flex-col gap-1 text-sm text-espresso">
              <span className="break-words">{m.name}</span>
              <select
                className={inputClasses}
                value={m.user_id}
                onChange={(e) =>
                  setPending({
                    ...pending,
                    matches: pending.matches.map((x, j) => (j === i ? { ...x, user_id: e.target.value } : x)),
                  })
                }
              >
                <option value="">{t('bills:chooseAHousemate')}</option>
                {members.map((p) => (
                  <option key={p.user_id} value={String(p.user_id)}>
                    {nameOf(p.user_id)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void runImport()} disabled={importCsv.isPending}>
              {importCsv.isPending ? t('bills:importing') : t('bills:import')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPending(null)} disabled={importCsv.isPending}>
              {t('bills:cancel')}
            </Button>
          </div>
        </fieldset>
      )}

      {result && (
        <p role="status" className="text-sm text-espresso">
          {t('bills:imported')} {count(result.expenses, 'expense')} {t('bills:and')}{' '}
          {count(result.payments, 'payment')}
          {result.skipped.length > 0
            ? t('bills:skipped', { count: count(result.skipped.length, 'row') })
            : '.'}
        </p>
      )}
      {result && result.skipped.length > 0 && (
        <ul className="list-inside list-disc text-sm text-muted">
          {result.skipped.map((s) => (
            <li key={s.line}>{t('bills:line', { line: s.line, reason: s.reason })}</li>
          ))}
        </ul>
      )}
      {error && <Banner variant="error">{error}</Banner>}
    </Card>
  );
}
