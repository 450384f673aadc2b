import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';

/** Any unknown path inside the sidebar layout. */
export function NotFoundPage() {
  return (
    <EmptyState
      title="Page not found"
      titleAs="h1"
      action={
        <Link to="/home" className={buttonClasses('primary')}>
          Go to Home
        </Link>
      }
    >
      There is nothing at this address.
    </EmptyState>
  );
}
