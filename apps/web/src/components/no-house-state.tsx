import { Link } from 'react-router';
import { t } from '../lib/i18n';
import { buttonClasses } from './button';
import { EmptyState, type EmptyStateProps } from './empty-state';

/** What a house feature shows someone without a house: why it is empty, and the way to fix it. */
export function NoHouseState(props: Omit<EmptyStateProps, 'action'>) {
  return (
    <EmptyState
      {...props}
      action={
        <Link to="/houseSetup" className={buttonClasses('primary')}>
          {t('joinOrCreateAHouse')}
        </Link>
      }
    />
  );
}
