import {
  OUTBOUND_MAX_BYTES,
  OutboundError,
  type OutboundPolicy,
  outboundFetch,
  parseOutboundUrl,
} from '../../lib/outbound/index.js';
import { NotACalendar, parseFeed } from './feed.js';

/** What a fetch brought: a new feed, or the same as before (a 304). */
export type FetchResult =
  | { kind: 'fresh'; text: string; etag: string | null; lastModified: string | null }
  | { kind: 'unchanged' };

/** Why a fetch failed, in words for the calendar's owner (kept as `last_error`). */
export class FeedProblem extends Error {}

const MEGABYTES = Math.round(OUTBOUND_MAX_BYTES / (1024 * 1024));

function problemOf(err: OutboundError): FeedProblem {
  switch (err.reason) {
    case 'too_large':
      return new FeedProblem(`The calendar is larger than ${MEGABYTES} MB, too large to read.`);
    case 'timeout':
      return new FeedProblem('The calendar address did not answer in time.');
    case 'refused':
      return new FeedProblem(
        'The calendar address leads to a local or private network, which Hearth does not reach.',
      );
    case 'redirects':
      return new FeedProblem('The calendar address redirects too many times.');
    default:
      return new FeedProblem('The calendar address could not be reached.');
  }
}

/**
 * Fetches a feed through the outbound guard, conditionally when validators of the last copy are known,
 * and checks that what came is iCalendar. Throws FeedProblem with a message for people.
 */
export async function fetchFeed(
  rawUrl: string,
  previous: { etag: string | null; lastModified: string | null },
  policy: OutboundPolicy,
): Promise<FetchResult> {
  let url: URL;
  try {
    url = parseOutboundUrl(rawUrl, 'url', policy);
  } catch (err) {
    throw new FeedProblem((err as Error).message);
  }
  const headers: Record<string, string> = { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' };
  if (previous.etag) headers['if-none-match'] = previous.etag;
  if (previous.lastModified) headers['if-modified-since'] = previous.lastModified;
  let answer: Awaited<ReturnType<typeof outboundFetch>>;
  try {
    answer = await outboundFetch(url.href, policy, { headers });
  } catch (err) {
    if (err instanceof OutboundError) throw problemOf(err);
    throw err;
  }
  if (answer.status === 304) return { kind: 'unchanged' };
  if (answer.status === 404 || answer.status === 410) {
    throw new FeedProblem(`Nothing was found at the calendar address (${answer.status}).`);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new FeedProblem(`The calendar address answered with an error (${answer.status}).`);
  }
  const text = answer.body.toString('utf8');
  try {
    parseFeed(text);
  } catch (err) {
    if (err instanceof NotACalendar) {
      throw new FeedProblem('The address does not give a calendar (an .ics file).');
    }
    throw err;
  }
  const header = (name: string) => {
    const value = answer.headers[name];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return { kind: 'fresh', text, etag: header('etag'), lastModified: header('last-modified') };
}
