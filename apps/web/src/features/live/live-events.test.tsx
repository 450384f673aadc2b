import type { LiveChange } from '@hearth/contract';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { emitLiveChange, useLiveChange } from './live-events';

const change = (kind: string): LiveChange => ({ kind, entity: 'row', action: 'updated', id: 1 });

function Watcher({ onChange }: { onChange: (c: LiveChange | null) => void }) {
  useLiveChange(['tasks', 'bills'], onChange);
  return null;
}

describe('useLiveChange', () => {
  it('runs once per change of a watched kind, and once (not once per kind) after a resync', () => {
    const onChange = vi.fn();
    const { unmount } = render(<Watcher onChange={onChange} />);
    emitLiveChange(change('bills'));
    emitLiveChange(change('groceries'));
    emitLiveChange(change('tasks'));
    expect(onChange.mock.calls.map(([c]) => c?.kind)).toEqual(['bills', 'tasks']);
    emitLiveChange(null);
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(onChange).toHaveBeenLastCalledWith(null);
    unmount();
    emitLiveChange(null);
    expect(onChange).toHaveBeenCalledTimes(3);
  });
});
