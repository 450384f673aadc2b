import { Users } from 'lucide-react';
import { NoHouseState } from '../../../components/no-house-state';

/** Shown on Home to someone who has not joined or created a house yet. */
export function NoHousePrompt() {
  return (
    <NoHouseState icon={Users} title="You're not in a house yet">
      Join your housemates with their code, or create a house and invite them.
    </NoHouseState>
  );
}
