import { describe, expect, it } from 'vitest';
import { dataUrlBytes, fitWithin } from './image-resize';

describe('fitWithin', () => {
  it('scales the long side down to 512 px, keeping the aspect ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 512, height: 384 });
    expect(fitWithin(1000, 2000)).toEqual({ width: 256, height: 512 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin(200, 100)).toEqual({ width: 200, height: 100 });
  });
});

describe('dataUrlBytes', () => {
  it('counts decoded bytes, padding included', () => {
    expect(dataUrlBytes(`data:image/png;base64,${btoa('abcd')}`)).toBe(4);
    expect(dataUrlBytes(`data:image/png;base64,${btoa('abcde')}`)).toBe(5);
    expect(dataUrlBytes(`data:image/png;base64,${btoa('abcdef')}`)).toBe(6);
  });
});
