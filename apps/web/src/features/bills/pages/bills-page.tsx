import { ReceiptText } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** Bills is a planned feature (DESIGN.md); until it ships this page says so plainly. */
export function BillsPage() {
  return (
    <>
      <PageHeader title="Bills" />
      <EmptyState icon={ReceiptText} title="Bills are coming in a later release.">
        This part of Hearth is not available yet.
      </EmptyState>
    </>
  );
}

export { BillsPage as Component };
