import { Link } from 'react-router';
import { buttonClasses } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { t } from '../../lib/i18n';

/** Any unknown path inside the sidebar layout. */
export function NotFoundPage() {
  return (
    <EmptyState
      title={t('pageNotFound')}
      titleAs="h1"
      action={
        <Link to="/home" className={buttonClasses('primary')}>
          {t('goToHome')}
        </Link>
      }
    >
      {t('nothingAtThisAddress')}
    </EmptyState>
  );
}
