import { createContext, type ReactNode, useContext, useLayoutEffect, useState, useTransition } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, Router } from 'react-router';

const NavigationPending = createContext(false);

/**
 * React Router's BrowserRouter, but it tells whether a navigation is still waiting for its page's code:
 * each location change is a React transition, so the current page stays on screen (and usable) until the
 * next one can render, and `useNavigationPending` shows progress meanwhile. The router's declarative mode
 * keeps its data-loading machinery out of the first download.
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(() => history.listen((next) => startTransition(() => setState(next))), [history]);
  return (
    <NavigationPending value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending>
  );
}

/** True while a navigation waits for the next page's code. */
export function useNavigationPending(): boolean {
  return useContext(NavigationPending);
}
