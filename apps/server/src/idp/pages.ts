import { DEFAULT_LANGUAGE, type Language, translator } from '@hearth/i18n/server';
import { html, raw, type SafeHtml } from './html.js';
import { PASSWORD_MIN_LENGTH } from './passwords.js';

/*
 * The built-in provider's pages, rendered on the server. They must work under the app's
 * Content-Security-Policy (no inline scripts, but for the one-step sign-out's single line allowed by its
 * hash; inline <style> is allowed; /theme.js is a same-origin file) and look like Hearth.
 */

/*
 * Hearth's palette in both themes. /theme.js (the web app's own, same origin) puts the theme chosen on this
 * device on <html> before the first paint; without it the page follows the device's setting.
 */
const LIGHT = {
  cream: '#FAF6F0',
  card: '#FFFFFF',
  field: '#FFFFFF',
  espresso: '#3B2A1E',
  brown: '#7A4E2D',
  'brown-dark': '#5F3B20',
  'on-brown': '#FFFFFF',
  tan: '#D2B48C',
  'tan-dark': '#B8946A',
  'card-border': 'rgba(210,180,140,.55)',
  muted: '#6B5646',
  red: '#B42318',
  'red-bg': '#FEF3F2',
  'red-border': '#F4B8B2',
  focus: 'rgba(122,78,45,.28)',
  'red-focus': 'rgba(180,35,24,.22)',
  shadow: '0 12px 32px rgba(59,42,30,.10),0 2px 6px rgba(59,42,30,.06)',
};
const DARK: typeof LIGHT = {
  cream: '#1D1510',
  card: '#281D16',
  field: '#2F231A',
  espresso: '#F3E8DC',
  brown: '#E2AE7C',
  'brown-dark': '#EFC59C',
  'on-brown': '#1D1510',
  tan: '#7F5F43',
  'tan-dark': '#A07A58',
  'card-border': '#4A382A',
  muted: '#CDB8A2',
  red: '#FF9F8E',
  'red-bg': '#3F1F19',
  'red-border': '#97463B',
  focus: 'rgba(226,174,124,.35)',
  'red-focus': 'rgba(255,159,142,.3)',
  shadow: '0 12px 32px rgba(0,0,0,.35),0 2px 6px rgba(0,0,0,.25)',
};
const vars = (palette: typeof LIGHT) =>
  Object.entries(palette)
    .map(([name, value]) => `--${name}:${value}`)
    .join(';');

const STYLE = `
:root{color-scheme:light;${vars(LIGHT)}}
:root[data-theme="dark"]{color-scheme:dark;${vars(DARK)}}
@media (prefers-color-scheme:dark){:root:not([data-theme]){color-scheme:dark;${vars(DARK)}}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--cream);color:var(--espresso);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5}
main{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px}
.card{width:100%;max-width:420px;background:var(--card);border:1px solid var(--card-border);border-radius:18px;box-shadow:var(--shadow);padding:28px 20px}
@media (min-width:480px){.card{padding:40px 36px}}
.brand{display:flex;align-items:center;justify-content:center;gap:10px;margin:0 0 20px;font-size:1.75rem;font-weight:700;letter-spacing:-.01em;color:var(--espresso)}
.mark{width:36px;height:36px;padding:7px;border-radius:10px;background:var(--brown);color:var(--on-brown);flex:none}
h1{font-size:1.3rem;line-height:1.3;font-weight:650;text-align:center;margin:0 0 6px}
.lead{text-align:center;color:var(--muted);margin:0 0 24px}
form{margin:0}
.field{margin:0 0 16px}
.names{display:grid;grid-template-columns:1fr;gap:0 12px}
@media (min-width:420px){.names{grid-template-columns:1fr 1fr}}
label{display:block;font-weight:600;font-size:.95rem;margin:0 0 6px}
input{display:block;width:100%;min-height:46px;font:inherit;color:inherit;padding:10px 12px;background:var(--field);border:1px solid var(--tan);border-radius:10px;transition:border-color .15s,box-shadow .15s}
input:hover{border-color:var(--tan-dark)}
input:focus{outline:none;border-color:var(--brown);box-shadow:0 0 0 3px var(--focus)}
input[aria-invalid="true"]{border-color:var(--red)}
input[aria-invalid="true"]:focus{box-shadow:0 0 0 3px var(--red-focus)}
.hint{font-size:.875rem;color:var(--muted);margin:6px 0 0}
.button{display:block;width:100%;min-height:46px;margin:8px 0 0;padding:12px 16px;font:inherit;font-weight:600;text-align:center;text-decoration:none;color:var(--on-brown);background:var(--brown);border:0;border-radius:10px;cursor:pointer;transition:background-color .15s}
.button:hover{background:var(--brown-dark)}
.button.secondary{color:var(--brown);background:transparent;border:1px solid var(--tan)}
.button.secondary:hover{background:var(--cream)}
a{color:var(--brown);font-weight:600;text-underline-offset:3px}
a:hover{color:var(--brown-dark)}
a:focus-visible,.button:focus-visible{outline:3px solid var(--brown);outline-offset:3px;border-radius:6px}
.button:focus-visible{border-radius:10px}
.switch{text-align:center;color:var(--muted);margin:22px 0 0}
.switch a{white-space:nowrap}
.alert{margin:0 0 20px;padding:12px 14px;border:1px solid var(--red-border);border-left:4px solid var(--red);border-radius:10px;background:var(--red-bg);color:var(--red);font-weight:500}
.alert p,.alert ul{margin:0}
.alert ul{padding-left:1.2em}
.note{text-align:center;color:var(--muted);font-size:.875rem;margin:18px 0 0}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.85em}
`;

const HOUSE_MARK = raw(
  '<svg class="mark" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.38-.5-2-1-3-1.072-2.143-.224-4.054 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.153.433-2.294 1-3a2.5 2.5 0 0 0 2.5 2.5z"/></svg>',
);

/** A problem to show: `field` names the input it is about (marked invalid), if any. */
export interface FormError {
  message: string;
  field?: string;
}

const ALERT_ID = 'form-alert';

/** The language a page is written in; its texts come from the message catalogue ('idp' namespace). */
export interface PageLocale {
  lang: Language;
  t: ReturnType<typeof translator>;
}

export function pageLocale(lang: Language = DEFAULT_LANGUAGE): PageLocale {
  return { lang, t: translator(lang) };
}

function layout(loc: PageLocale, title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="${loc.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<script src="/theme.js"></script>
<title>${loc.t('idp:titleSuffix', { title })}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<main>
<div class="card">
<p class="brand">${HOUSE_MARK}<span>Hearth</span></p>
${body}
</div>
</main>
</body>
</html>
`.value;
}

function alert(errors: FormError[]): SafeHtml {
  if (errors.length === 0) return html``;
  const content =
    errors.length === 1
      ? html`<p>${errors[0]!.message}</p>`
      : html`<ul>${errors.map((e) => html`<li>${e.message}</li>`)}</ul>`;
  return html`<div class="alert" id="${ALERT_ID}" role="alert">${content}</div>`;
}

interface FieldOptions {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  errors: FormError[];
  autofocus: boolean;
}

function field(o: FieldOptions): SafeHtml {
  const id = `field-${o.name}`;
  const invalid = o.errors.some((e) => e.field === o.name);
  const describedBy = [invalid ? ALERT_ID : null, o.hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const extra = [
    o.type === 'email' ? ' inputmode="email" autocapitalize="none" spellcheck="false"' : '',
    o.type === 'text' ? ' autocapitalize="words"' : '',
    invalid ? ' aria-invalid="true"' : '',
    describedBy ? ` aria-describedby="${describedBy}"` : '',
    o.autofocus ? ' autofocus' : '',
  ].join('');
  return html`<div class="field">
<label for="${id}">${o.label}</label>
<input id="${id}" name="${o.name}" type="${o.type}" autocomplete="${o.autocomplete}" required aria-required="true" value="${o.value ?? ''}"${raw(extra)}>
${o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : ''}
</div>`;
}

/** The first field that needs attention gets focus (no scripts: `autofocus`). */
function focusTarget(errors: FormError[], order: string[], fallback: string): string {
  for (const name of order) if (errors.some((e) => e.field === name)) return name;
  return fallback;
}

export interface SignInView {
  action: string;
  signUpHref: string;
  email?: string;
  errors?: FormError[];
}

export function signInPage(view: SignInView, loc: PageLocale = pageLocale()): string {
  const { t } = loc;
  const errors = view.errors ?? [];
  const focus = focusTarget(errors, ['email', 'password'], view.email ? 'password' : 'email');
  return layout(
    loc,
    t('idp:signIn.title'),
    html`<h1>${t('idp:signIn.heading')}</h1>
<p class="lead">${t('idp:signIn.lead')}</p>
${alert(errors)}
<form method="post" action="${view.action}" novalidate>
${field({ name: 'email', label: t('idp:fields.email'), type: 'email', autocomplete: 'email', value: view.email ?? '', errors, autofocus: focus === 'email' })}
${field({ name: 'password', label: t('idp:fields.password'), type: 'password', autocomplete: 'current-password', errors, autofocus: focus === 'password' })}
<button class="button" type="submit">${t('idp:signIn.submit')}</button>
</form>
<p class="switch">${t('idp:signIn.newHere')} <a href="${view.signUpHref}">${t('idp:signIn.createAccount')}</a></p>`,
  );
}

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
}

export interface SignUpView {
  action: string;
  signInHref: string;
  values?: Partial<SignUpValues>;
  errors?: FormError[];
}

export function signUpPage(view: SignUpView, loc: PageLocale = pageLocale()): string {
  const { t } = loc;
  const errors = view.errors ?? [];
  const v = view.values ?? {};
  const focus = focusTarget(errors, ['first_name', 'last_name', 'email', 'password'], 'first_name');
  return layout(
    loc,
    t('idp:signUp.title'),
    html`<h1>${t('idp:signUp.heading')}</h1>
<p class="lead">${t('idp:signUp.lead')}</p>
${alert(errors)}
<form method="post" action="${view.action}" novalidate>
<div class="names">
${field({ name: 'first_name', label: t('idp:fields.firstName'), type: 'text', autocomplete: 'given-name', value: v.firstName ?? '', errors, autofocus: focus === 'first_name' })}
${field({ name: 'last_name', label: t('idp:fields.lastName'), type: 'text', autocomplete: 'family-name', value: v.lastName ?? '', errors, autofocus: focus === 'last_name' })}
</div>
${field({ name: 'email', label: t('idp:fields.email'), type: 'email', autocomplete: 'email', value: v.email ?? '', errors, autofocus: focus === 'email' })}
${field({ name: 'password', label: t('idp:fields.password'), type: 'password', autocomplete: 'new-password', hint: t('idp:signUp.passwordHint', { min: PASSWORD_MIN_LENGTH }), errors, autofocus: focus === 'password' })}
<button class="button" type="submit">${t('idp:signUp.submit')}</button>
</form>
<p class="switch">${t('idp:signUp.haveAccount')} <a href="${view.signInHref}">${t('idp:signUp.signInInstead')}</a></p>`,
  );
}

/** `form` is oidc-provider's hidden logout form (with its xsrf token); the button submits it. */
export function signOutPage(form: string, cancelHref: string, loc: PageLocale = pageLocale()): string {
  const { t } = loc;
  return layout(
    loc,
    t('idp:signOut.title'),
    html`<h1>${t('idp:signOut.heading')}</h1>
<p class="lead">${t('idp:signOut.lead')}</p>
${raw(form)}
<button class="button" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${t('idp:signOut.submit')}</button>
<a class="button secondary" href="${cancelHref}">${t('idp:signOut.cancel')}</a>`,
  );
}

/** Submits oidc-provider's logout form as soon as the page loads (allowed by its hash, see provider.ts). */
export const AUTO_SIGN_OUT_SCRIPT = 'document.getElementById("op.logoutForm").submit();';

/**
 * Sign-out that Hearth asked for with the person's own ID token: no second question. The form is sent at
 * once (ending the whole provider session: logout=yes); without scripts the button does it.
 */
export function signingOutPage(form: string, loc: PageLocale = pageLocale()): string {
  const { t } = loc;
  return layout(
    loc,
    t('idp:signingOut.title'),
    html`<h1>${t('idp:signingOut.heading')}</h1>
<p class="lead">${t('idp:signingOut.lead')}</p>
${raw(form)}
<input type="hidden" name="logout" value="yes" form="op.logoutForm">
<noscript><button class="button" type="submit" form="op.logoutForm" name="logout" value="yes">${t('idp:signOut.submit')}</button></noscript>
<script>${raw(AUTO_SIGN_OUT_SCRIPT)}</script>`,
  );
}

export function signedOutPage(homeHref: string, loc: PageLocale = pageLocale()): string {
  const { t } = loc;
  return layout(
    loc,
    t('idp:signedOut.title'),
    html`<h1>${t('idp:signedOut.heading')}</h1>
<p class="lead">${t('idp:signedOut.lead')}</p>
<a class="button" href="${homeHref}">${t('idp:backToHearth')}</a>`,
  );
}

export interface ErrorView {
  title: string;
  message: string;
  /** A short public code (an OAuth error code), shown small for anyone reporting the problem. */
  code?: string;
  homeHref: string;
}

export function errorPage(view: ErrorView, loc: PageLocale = pageLocale()): string {
  const { t } = loc;
  return layout(
    loc,
    view.title,
    html`<h1>${view.title}</h1>
<div class="alert" role="alert"><p>${view.message}</p></div>
<a class="button" href="${view.homeHref}">${t('idp:backToHearth')}</a>
${view.code ? html`<p class="note">${t('idp:errorCode')} <span class="code">${view.code}</span></p>` : ''}`,
  );
}
