import type { ClientConfig } from '@hearth/contract';
import { type UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';

/**
 * Sign-in settings built from GET /api/config at run time, so one build serves the built-in provider or
 * any external one. External providers (Auth0, ...) are told the API audience; the built-in one knows it.
 */
export function oidcSettings(config: ClientConfig, origin = window.location.origin): UserManagerSettings {
  const { authority, client_id, scope, audience, built_in } = config.oidc;
  return {
    authority,
    client_id,
    scope,
    redirect_uri: `${origin}/`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renews with the refresh token (scope offline_access) before the access token expires.
    automaticSilentRenew: true,
    ...(built_in ? {} : { extraQueryParams: { audience } }),
  };
}

/** Drops ?code=&state= from the address once the sign-in callback has used them. */
export function removeSigninParams(): void {
  window.history.replaceState(window.history.state, document.title, window.location.pathname);
}
