import { useEffect } from 'react';
import { useAuth } from 'react-oidc-context';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { FullScreenSpinner } from '../../components/spinner';
import { ProfileLanguage } from '../users';
import { rememberReturnTo } from './return-to';

/**
 * Guards every route but the landing page: a signed-out visitor is sent to / and, once signed in,
 * comes back to the route they opened (see return-to.ts and the landing page).
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = !auth.isLoading && !auth.isAuthenticated;

  useEffect(() => {
    if (!signedOut) return;
    rememberReturnTo(location.pathname + location.search + location.hash);
    navigate('/', { replace: true });
  }, [signedOut, location, navigate]);

  // The library also reports loading while it renews a token in the background (after a 401, say): a
  // signed-in person keeps their page, its unsaved input and its timers instead of a spinner and a remount.
  if (auth.isLoading && !auth.user) return <FullScreenSpinner />;
  if (signedOut) return null;
  return (
    <>
      <ProfileLanguage />
      <Outlet />
    </>
  );
}
