import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';

/** Shown on Home to someone who has not joined or created a house yet. */
export function NoHousePrompt() {
  return (
    <EmptyState
      icon={Users}
      title="You're not in a house yet"
      action={
        <Link to="/houseSetup" className={buttonClasses('primary')}>
          Join or create a house
        </Link>
      }
    >
      Join your housemates with their code, or create a house and invite them.
    </EmptyState>
  );
}
