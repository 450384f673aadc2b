import { describe, expect, it } from 'vitest';
import { rotationWords } from './rotation-words';

describe('rotationWords', () => {
  it('reads each rotation with the pool in turn order', () => {
    expect(rotationWords('fixed', ['Ana'])).toBe('Always Ana');
    expect(rotationWords('round_robin', ['Ana', 'Ben', 'Cy'])).toBe('Takes turns: Ana → Ben → Cy');
    expect(rotationWords('fairest', ['Ana', 'Ben'])).toBe('Whoever did least lately: Ana, Ben');
  });
});
