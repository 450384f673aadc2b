import { Users } from 'lucide-react';
import { NoHouseState } from '../../../components/no-house-state';
import { t } from '../../../lib/i18n';

/** Shown on Home to someone who has not joined or created a house yet. */
export function NoHousePrompt() {
  return (
    <NoHouseState icon={Users} title={t('home:notInHouseYet')}>
      {t('home:joinOrCreateHint')}
    </NoHouseState>
  );
}
