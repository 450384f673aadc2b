import { Flame, Menu, X } from 'lucide-react';
import { memo, Suspense, useCallback, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner } from '../../components/spinner';
import { liveQueryKeys, useLiveUpdates } from '../../features/live';
import { DueReminderNotices } from '../../features/reminders';
import { useMe } from '../../features/users';
import { t } from '../../lib/i18n';
import { useLogError } from '../../lib/use-log-error';
import * as registry from '../features';
import { OfflineBanner } from '../offline/offline-banner';
import { SidebarNav } from './sidebar-nav';
import { UserPanel } from './user-panel';

const LIVE_KEYS = liveQueryKeys(Object.values(registry));

// Memoised, as are the nav and the user panel: the layout draws again whenever the profile or the
// navigation state changes, and the sidebar's links and icons are most of what it draws.
const Brand = memo(function Brand() {
  return (
    <Link to="/home" className="flex items-center gap-2 text-xl font-bold tracking-tight text-espresso">
      <span className="flex size-9 items-center justify-center rounded-xl bg-primary text-cream">
        <Flame className="size-5" aria-hidden="true" />
      </span>
      {t('hearth')}
    </Link>
  );
});

function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="[&_svg]:size-10" />
    </div>
  );
}

/**
 * The sidebar layout: a left sidebar on wide screens; on a phone a top bar whose menu button opens
 * the same links. Every feature page renders inside <Outlet />.
 */
export function SidebarLayout() {
  const me = useMe();
  useLiveUpdates(LIVE_KEYS);
  const location = useLocation();
  // The next page's code or first data is on its way: the current page stays, with a progress bar.
  const navigating = useNavigation().state !== 'idle';
  // The page appears in a deferred render once the profile is in: React draws it in slices, yielding to
  // the browser, instead of in one long task right when the answer arrives.
  const profileReady = useDeferredValue(!me.isPending);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // A new page closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    menuPanel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  useLogError(me.error);

  // Every feature needs a profile (the API answers 403 profile_required without one).
  if (me.data === null) return <Navigate to="/userSetup" replace />;
  const user = me.data ?? undefined;

  return (
    <div className="min-h-dvh md:pl-64">
      {navigating && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary"
          role="progressbar"
          aria-label={t('loadingPage')}
        />
      )}

      {/* Phone: top bar with a menu button. */}
      <header className="sticky top-0 z-30 border-b border-line bg-cream/95 backdrop-blur md:hidden">
        <div className="flex h-14 items-center justify-between px-4">
          <Brand />
          <button
            ref={menuButton}
            type="button"
            className="flex size-11 items-center justify-center rounded-xl text-espresso hover:bg-tan-light"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={t('menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="size-6" aria-hidden="true" />
            ) : (
              <Menu className="size-6" aria-hidden="true" />
            )}
          </button>
        </div>
        <div
          id={menuId}
          ref={menuPanel}
          hidden={!menuOpen}
          className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-line bg-cream px-4 pt-3 pb-4 shadow-lift"
        >
          <nav aria-label={t('main')}>
            <SidebarNav onNavigate={closeMenu} />
          </nav>
          <div className="mt-4">
            <UserPanel user={user} onNavigate={closeMenu} />
          </div>
        </div>
      </header>

      {/* Wide screens: fixed left sidebar. */}
      <aside
        aria-label={t('sidebar')}
        className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col gap-6 border-r border-line bg-surface px-4 py-6 md:flex"
      >
        <div className="px-2">
          <Brand />
        </div>
        <nav aria-label={t('main')} className="flex-1 overflow-y-auto">
          <SidebarNav />
        </nav>
        <UserPanel user={user} />
      </aside>

      <main className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:px-8 md:py-8">
        <OfflineBanner />
        {me.isPending || !profileReady ? (
          <PageSpinner />
        ) : (
          // A page whose code is still on its way keeps the sidebar on screen.
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <DueReminderNotices />
    </div>
  );
}
