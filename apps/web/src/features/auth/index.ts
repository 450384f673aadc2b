/* Signing in and out: the landing page and the guard of signed-in pages are mounted by the app's router. */
export { LandingPage } from './pages/landing-page';
export { RequireAuth } from './require-auth';
export { consumeReturnTo, peekReturnTo, rememberReturnTo } from './return-to';
export { useSignOut } from './use-sign-out';
