/**
 * Where a signed-out visitor wanted to go. Kept in sessionStorage (this tab only) across the sign-in
 * redirect, and read back once they are signed in.
 */
const KEY = 'hearth.returnTo';

/** Only paths inside this app: never another origin (`//evil.example`) or the landing page itself. */
function isSafePath(path: string | null): path is string {
  if (!path) return false;
  return path.startsWith('/') && !path.startsWith('//') && path !== '/';
}

export function rememberReturnTo(path: string): void {
  if (!isSafePath(path)) return;
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage can be unavailable (private mode); coming back to /home is fine then.
  }
}

export function peekReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    return isSafePath(path) ? path : null;
  } catch {
    return null;
  }
}

export function consumeReturnTo(): string | null {
  const path = peekReturnTo();
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // see rememberReturnTo
  }
  return path;
}
