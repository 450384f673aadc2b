import { describe, expect, it } from 'vitest';
import type { Identity } from './identity.js';
import { moduleActions } from './module-actions.js';

const someone: Identity = { issuer: 'https://id.test', subject: 'a', email: null, claims: {} };

describe('module actions', () => {
  it('forward a call to the module that provided the action', async () => {
    const { actions, provide, assertComplete } = moduleActions();
    const done: number[] = [];
    provide('markTaskDone', async (_identity, taskId) => {
      done.push(taskId);
    });
    assertComplete();
    await actions.markTaskDone(someone, 7);
    expect(done).toEqual([7]);
  });

  it('refuse an action provided twice, and registrations that leave one unprovided', async () => {
    const { actions, provide, assertComplete } = moduleActions();
    expect(assertComplete).toThrow('No module provides the action(s) markTaskDone.');
    await expect(actions.markTaskDone(someone, 1)).rejects.toThrow(
      'No module provides the action markTaskDone.',
    );
    provide('markTaskDone', async () => {});
    expect(() => provide('markTaskDone', async () => {})).toThrow(
      'The action markTaskDone is provided twice.',
    );
  });
});
