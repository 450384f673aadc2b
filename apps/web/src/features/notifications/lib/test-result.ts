import type { NotificationTestResult } from '@hearth/contract';

/** The sentences (message keys of test.*, with their counts) that say where a test went. */
export type TestResultPart =
  | { key: 'pushSent' | 'pushFailed'; count: number }
  | { key: 'emailSent' | 'emailFailed' | 'nowhere' };

export function testResultParts(result: NotificationTestResult): TestResultPart[] {
  const parts: TestResultPart[] = [];
  if (result.push_sent > 0) parts.push({ key: 'pushSent', count: result.push_sent });
  if (result.push_failed > 0) parts.push({ key: 'pushFailed', count: result.push_failed });
  if (result.email === 'sent') parts.push({ key: 'emailSent' });
  if (result.email === 'failed') parts.push({ key: 'emailFailed' });
  return parts.length > 0 ? parts : [{ key: 'nowhere' }];
}
