// German for the web app: every namespace of its locale folder but the server's own (sign-in pages, assistant answers).
import { byNamespace, type Messages } from './catalogue';

export const messages = byNamespace(
  import.meta.glob<Messages>(
    ['../../../../../packages/i18n/src/locales/de/*.json', '!**/idp.json', '!**/assistant.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);
