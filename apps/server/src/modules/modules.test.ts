import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as modules from './index.js';

const folder = new URL('./', import.meta.url);
const domainFolders = readdirSync(folder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('the module list', () => {
  it('registers every domain folder that has an index, under its folder name', () => {
    const registered = Object.values(modules)
      .map((m) => m.name)
      .sort();
    const withIndex = domainFolders.filter((name) => existsSync(new URL(`${name}/index.ts`, folder)));
    expect(registered).toEqual(withIndex);
  });

  it('gives every live kind one owner', () => {
    const kinds = Object.values(modules).flatMap((m) => m.liveKinds);
    expect(new Set(kinds).size).toBe(kinds.length);
  });
});
