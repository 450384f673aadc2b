import {
  ACCESS_TOKEN_LABEL_MAX,
  ACCESS_TOKENS_MAX,
  type AccessToken,
  type AccessTokenInput,
  type NewAccessToken,
} from '@hearth/contract';
import type { TokenHolder as CoreTokenHolder, Identity } from '../../core/identity.js';
import type { Membership } from '../../core/membership.js';
import type { UserRow } from '../../db/tables.js';
import { credentialHash } from '../../lib/credentials.js';
import { conflict, notFound } from '../../lib/errors.js';
import { requiredText } from '../../lib/text.js';
import type { AccessTokensRepository } from './repository.js';
import { isAccessToken, newAccessToken } from './secret.js';
import type { AccessTokenRow } from './tables.js';

const DAY_MS = 86_400_000;

function toAccessToken(row: AccessTokenRow): AccessToken {
  return {
    access_token_id: row.access_token_id,
    label: row.label,
    scope: row.scope,
    created_at: row.created_at,
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
  };
}

/** Who a valid token speaks for, and what it may do. */
export interface TokenHolder extends CoreTokenHolder {
  user: UserRow;
  token: AccessTokenRow;
}

/** A person's personal API tokens: made, listed and revoked by that person alone, in a signed-in session. */
export class AccessTokensService {
  constructor(
    private readonly tokens: AccessTokensRepository,
    private readonly membership: Membership,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(identity: Identity): Promise<AccessToken[]> {
    const user = await this.membership.profile(identity);
    return (await this.tokens.listByUser(user.user_id)).map(toAccessToken);
  }

  /** Makes a token; the answer is the only place it is ever shown. */
  async create(identity: Identity, input: AccessTokenInput): Promise<NewAccessToken> {
    const user = await this.membership.profile(identity);
    const label = requiredText(input.label, 'label', ACCESS_TOKEN_LABEL_MAX);
    if ((await this.tokens.countByUser(user.user_id)) >= ACCESS_TOKENS_MAX) {
      throw conflict(
        'too_many_access_tokens',
        `You can have at most ${ACCESS_TOKENS_MAX} API tokens; revoke one you no longer use.`,
      );
    }
    const now = this.clock();
    const token = newAccessToken();
    const row = await this.tokens.insert({
      user_id: user.user_id,
      label,
      scope: input.scope,
      token_hash: credentialHash(token),
      created_at: now.toISOString(),
      expires_at:
        input.expires_in_days === null
          ? null
          : new Date(now.getTime() + input.expires_in_days * DAY_MS).toISOString(),
    });
    return { ...toAccessToken(row), token };
  }

  /** Another person's token is a 404, as if it did not exist. Revoked at once: every request looks it up. */
  async remove(identity: Identity, accessTokenId: number): Promise<void> {
    const user = await this.membership.profile(identity);
    if (!(await this.tokens.delete(user.user_id, accessTokenId))) throw notFound('API token');
  }

  /**
   * The person and token behind a `hearth_pat_` bearer token; null when it is unknown, revoked, expired
   * or its account is gone. Notes when it was used (at most once a minute).
   */
  async authenticate(token: string): Promise<TokenHolder | null> {
    if (!isAccessToken(token)) return null;
    const found = await this.tokens.findByHash(credentialHash(token));
    if (!found) return null;
    const now = this.clock();
    if (found.token.expires_at !== null && Date.parse(found.token.expires_at) <= now.getTime()) return null;
    await this.tokens.touch(found.token, now);
    return found;
  }
}
