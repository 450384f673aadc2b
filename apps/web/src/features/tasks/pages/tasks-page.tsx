import { ListChecks } from 'lucide-react';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/** Tasks is a planned feature (DESIGN.md); until it ships this page says so plainly. */
export function TasksPage() {
  return (
    <>
      <PageHeader title="Tasks" />
      <EmptyState icon={ListChecks} title="Tasks are coming in a later release.">
        This part of Hearth is not available yet.
      </EmptyState>
    </>
  );
}

export { TasksPage as Component };
