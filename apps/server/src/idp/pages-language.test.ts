import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLocale } from './interactions.js';
import { errorPage, pageLocale, signedOutPage, signInPage, signUpPage } from './pages.js';

const request = (acceptLanguage?: string) =>
  ({ headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} }) as FastifyRequest;

describe('the sign-in pages speak the reader’s language', () => {
  it('picks the app’s ui_locales first, then Accept-Language, else English', () => {
    expect(requestLocale(request('en-US,en;q=0.9'), 'de').lang).toBe('de');
    expect(requestLocale(request('de-DE,de;q=0.9'), 'fr').lang).toBe('de');
    expect(requestLocale(request('de-DE,de;q=0.9'), 'en').lang).toBe('en');
    expect(requestLocale(request('fr-FR,fr;q=0.9,en;q=0.5')).lang).toBe('en');
    expect(requestLocale(request()).lang).toBe('en');
  });

  it('writes the sign-in and sign-up pages in German, with <html lang="de">', () => {
    const de = pageLocale('de');
    const signIn = signInPage({ action: '/a', signUpHref: '/b', email: '' }, de);
    expect(signIn).toContain('<html lang="de">');
    expect(signIn).toContain('<title>Anmelden · Hearth</title>');
    expect(signIn).toContain('<label for="field-email">E-Mail</label>');
    expect(signIn).toContain('<label for="field-password">Passwort</label>');
    expect(signIn).toContain('Neu bei Hearth?');
    expect(signIn).not.toMatch(/Sign in|Password|Create an account/);

    const signUp = signUpPage(
      { action: '/a', signInHref: '/b', errors: [{ field: 'first_name', message: 'Vorname fehlt.' }] },
      de,
    );
    expect(signUp).toContain('Erstell dein Konto');
    expect(signUp).toContain('Mindestens 8 Zeichen.');
    expect(signUp).toContain('Vorname fehlt.');
    expect(signedOutPage('/', de)).toContain('Du bist abgemeldet');
    expect(errorPage({ title: 'Fehler', message: 'Kaputt', code: 'x', homeHref: '/' }, de)).toContain(
      'Fehlercode:',
    );
  });

  it('keeps English word for word by default', () => {
    const signIn = signInPage({ action: '/a', signUpHref: '/b' });
    expect(signIn).toContain('<html lang="en">');
    expect(signIn).toContain('<h1>Sign in</h1>');
    expect(signIn).toContain('Welcome back! Sign in to continue.');
    expect(signIn).toContain('New to Hearth? <a href="/b">Create an account</a>');
  });
});
