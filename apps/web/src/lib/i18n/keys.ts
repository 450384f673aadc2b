import type { Catalogue } from '@hearth/i18n';
import type { WebNamespace } from './catalogue';

/** The dotted paths to every message of a namespace: 'groups.today', 'everyUnits.weeks', ... */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/**
 * A key of the English catalogue as the web app writes it: 'ns:path.to.message', or 'path' in `common`.
 * Type-only, so checking keys costs the browser nothing; a key of the server's own namespace (idp) fails.
 */
export type Key =
  | { [N in WebNamespace]: `${N}:${Paths<Catalogue[N]>}` }[WebNamespace]
  | Paths<Catalogue['common']>;
