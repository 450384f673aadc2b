import type { UnsubscribeInput, UnsubscribeResult } from '@hearth/contract';
import { useMutation } from '@tanstack/react-query';
import { createApiClient } from '../../../lib/api-client';

// The link in an email is the credential: no sign-in, no access token.
const publicApi = createApiClient({ getAccessToken: () => undefined });

export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  const body: UnsubscribeInput = { token };
  return publicApi.post<UnsubscribeResult>('/api/unsubscribe', body);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
