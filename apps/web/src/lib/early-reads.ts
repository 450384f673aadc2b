/*
 * The profile every signed-in page starts from, asked for before the app's code has arrived. index.html
 * sends the read with the saved sign-in's token while the page is parsed, and the API client takes that
 * answer when the app asks for the same read with the same token, instead of asking only once its code
 * has downloaded and run. Only this one read: over HTTP/1.1 the browser has six connections to the
 * server, and every further early read delays the page's own code behind it (measured: all eight reads
 * of Home sent early made its first paint of content later, the profile alone made it sooner).
 */

/** The reads index.html sends. */
export const EARLY_READS = ['/api/users/me'];
/** Where the app keeps its copy of the sign-in settings (providers.tsx), which name the saved sign-in. */
export const CLIENT_CONFIG_KEY = 'hearth.client-config';
/** After this long, answers index.html asked for and the app has not taken are old news. */
const KEPT_MS = 5000;

export interface EarlyRead {
  token: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    /** The reads index.html sent, by address, until the app takes them or drops them. */
    hearthEarlyReads?: Map<string, EarlyRead>;
  }
}

/** The signed-in person oidc-client-ts keeps, as far as the reads need it. */
export interface SavedSignIn {
  token: string;
  /** Seconds since 1970, as the sign-in keeps it. */
  expiresAt: number;
}

/**
 * The sign-in kept on this device for the provider the sign-in settings' copy names, if any. Passed to
 * sendEarlyReads as its source, so it names nothing from outside itself either.
 */
export function savedSignIn(configKey: string): SavedSignIn | null {
  const config = JSON.parse(localStorage.getItem(configKey) ?? 'null') as {
    oidc?: { authority?: unknown; client_id?: unknown };
  } | null;
  if (!config?.oidc) return null;
  // Where oidc-client-ts keeps the signed-in person.
  const kept = JSON.parse(
    localStorage.getItem(`oidc.user:${config.oidc.authority}:${config.oidc.client_id}`) ?? 'null',
  ) as { access_token?: unknown; expires_at?: unknown } | null;
  const token = kept?.access_token;
  const expiresAt = kept?.expires_at;
  if (typeof token !== 'string' || typeof expiresAt !== 'number') return null;
  return { token, expiresAt };
}

/**
 * Runs inline in index.html: sends `paths` with the saved sign-in's token when it is good for a while yet;
 * otherwise nothing, and the app asks as it always does. The build inlines its source, so it names nothing
 * from outside itself (`signIn` is savedSignIn).
 */
export function sendEarlyReads(
  paths: readonly string[],
  configKey: string,
  signIn: (configKey: string) => SavedSignIn | null,
): void {
  try {
    const kept = signIn(configKey);
    // A token about to run out is renewed by the app first: reads sent with it would go unused.
    if (!kept || kept.expiresAt * 1000 < Date.now() + 30_000) return;
    const reads = new Map<string, EarlyRead>();
    for (const path of paths) {
      const answer = fetch(path, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${kept.token}` },
      });
      // A failed early read is asked again by the app; it is no unhandled rejection here.
      answer.catch(() => undefined);
      reads.set(path, { token: kept.token, answer });
    }
    window.hearthEarlyReads = reads;
  } catch {
    // No storage, or something else in it: the page reads as it would anyway.
  }
}

/**
 * The answer index.html already asked for this read with this token, taken once; none for any other read
 * or token (another person, a renewed token), nor once the start-up is over (dropEarlyReads).
 */
export function takeEarlyRead(path: string, token: string | undefined): Promise<Response> | undefined {
  const reads = window.hearthEarlyReads;
  const read = reads?.get(path);
  if (!reads || !read) return undefined;
  reads.delete(path);
  return read.token === token ? read.answer : undefined;
}

/** Unused early answers are not handed out later, when they would be old news. */
export function dropEarlyReads(): void {
  window.hearthEarlyReads = undefined;
}

/** Drops, a few seconds after start-up, what index.html asked for and the app did not take. */
export function dropEarlyReadsLater(delayMs = KEPT_MS): void {
  setTimeout(dropEarlyReads, delayMs);
}
