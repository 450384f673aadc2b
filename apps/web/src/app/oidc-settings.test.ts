import type { ClientConfig } from '@hearth/contract';
import { WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { oidcSettings } from './oidc-settings';

const config = (built_in: boolean): ClientConfig => ({
  oidc: {
    authority: 'https://issuer.example',
    client_id: 'hearth-web',
    audience: 'https://hearth.example/api',
    scope: 'openid profile email offline_access',
    built_in,
  },
});

describe('oidcSettings', () => {
  it('uses the code flow back to the site origin, tokens kept in localStorage and renewed', () => {
    const settings = oidcSettings(config(true), 'https://hearth.example');
    expect(settings).toMatchObject({
      authority: 'https://issuer.example',
      client_id: 'hearth-web',
      scope: 'openid profile email offline_access',
      redirect_uri: 'https://hearth.example/',
      post_logout_redirect_uri: 'https://hearth.example/',
      response_type: 'code',
      automaticSilentRenew: true,
    });
    expect(settings.userStore).toBeInstanceOf(WebStorageStateStore);
  });

  it('asks an external provider for the API audience, and not the built-in one', () => {
    expect(oidcSettings(config(false), 'https://h.example').extraQueryParams).toEqual({
      audience: 'https://hearth.example/api',
    });
    expect(oidcSettings(config(true), 'https://h.example').extraQueryParams).toBeUndefined();
  });
});
