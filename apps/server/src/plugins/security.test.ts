import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptSources } from './security.js';

const source = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

describe('inlineScriptSources', () => {
  it('hashes each inline script exactly as written, and only those', () => {
    const theme = "(() => { document.documentElement.dataset.theme = 'dark'; })();";
    const html = [
      '<head><script src="/registerSW.js" defer></script>',
      `<script>${theme}</script>`,
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<SCRIPT>  </SCRIPT>',
      '<script>\nconsole.log(1)\n</script></head>',
    ].join('\n');
    expect(inlineScriptSources(html)).toEqual([source(theme), source('\nconsole.log(1)\n')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptSources('<!doctype html><script src="/a.js"></script><div id="root"></div>')).toEqual(
      [],
    );
  });
});
