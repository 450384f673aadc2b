// English for the web app: every namespace of its locale folder but the server's sign-in pages (idp).
import { byNamespace, type Messages } from './catalogue';

export const messages = byNamespace(
  import.meta.glob<Messages>(['../../../../../packages/i18n/src/locales/en/*.json', '!**/idp.json'], {
    eager: true,
    import: 'default',
  }),
);
