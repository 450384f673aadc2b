import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let server: Server;
let origin: string;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

beforeAll(async () => {
  // Saved pages, served the way a recipe site would serve them.
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/images/')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(fixture('picture.png'));
    } else if (path === '/huge.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${'x'.repeat(2 * 1024 * 1024 + 10)}</p>`);
    } else if (path === '/gone.html') {
      res.writeHead(404).end('not here');
    } else {
      try {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fixture(path.slice(1)));
      } catch {
        res.writeHead(404).end();
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await startTestApp({ env: { OUTBOUND_ALLOW_LOOPBACK: 'true' } });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

let n = 0;
const member = async () => (await memberOfNewHouse(t, `import-${++n}`)).client;

describe('POST /api/recipe/import', () => {
  it('imports a JSON-LD recipe with its picture downloaded and re-encoded', async () => {
    const client = await member();
    const res = await client.post('/api/recipe/import', { url: `${origin}/graph.html` });
    expect(res.statusCode, res.body).toBe(201);
    const recipe = res.json();
    expect(recipe).toMatchObject({
      title: 'Shakshuka & feta',
      servings: 4,
      steps: expect.arrayContaining(['Soften the onion in the oil.']),
      tags: ['eggs', 'vegetarian', 'brunch'],
      prep_minutes: 10,
      cook_minutes: 65,
      source_url: `${origin}/graph.html`,
      notes: 'Eggs poached in a spiced tomato sauce.',
    });
    expect(recipe.ingredients[2]).toEqual({
      text: '800 g chopped tomatoes',
      quantity: 800,
      unit: 'g',
      name: 'chopped tomatoes',
      note: null,
    });
    expect(recipe.image).toMatch(/^data:image\/png;base64,/);
    expect((await client.get('/api/recipe/')).json()).toHaveLength(1);
  });

  it('imports from microdata', async () => {
    const client = await member();
    const res = await client.post('/api/recipe/import', { url: `${origin}/microdata.html` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Lentil soup', servings: 4, cook_minutes: 40 });
  });

  it('imports pasted text', async () => {
    const client = await member();
    const res = await client.post('/api/recipe/import', {
      text: 'Tomato soup\nServes 2\nIngredients\n400 g tomatoes\nMethod\nSimmer.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Tomato soup',
      servings: 2,
      steps: ['Simmer.'],
      source_url: null,
    });
  });

  it('answers 422 no_recipe_found for a page or a text without a recipe, saving nothing', async () => {
    const client = await member();
    const page = await client.post('/api/recipe/import', { url: `${origin}/no-recipe.html` });
    expect(page.statusCode).toBe(422);
    expect(page.json().error).toMatchObject({ code: 'no_recipe_found', field: 'url' });
    const text = await client.post('/api/recipe/import', { text: 'hello' });
    expect(text.statusCode).toBe(422);
    expect(text.json().error).toMatchObject({ code: 'no_recipe_found', field: 'text' });
    expect((await client.get('/api/recipe/')).json()).toEqual([]);
  });

  it('refuses a page over 2 MB, a missing page, and an address the guard refuses', async () => {
    const client = await member();
    const huge = await client.post('/api/recipe/import', { url: `${origin}/huge.html` });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().error).toMatchObject({ code: 'page_unreachable', field: 'url' });
    const gone = await client.post('/api/recipe/import', { url: `${origin}/gone.html` });
    expect(gone.statusCode).toBe(422);
    for (const url of ['ftp://127.0.0.1/x', 'http://10.0.0.1/recipe', 'not a url']) {
      const res = await client.post('/api/recipe/import', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.field).toBe('url');
    }
    expect((await client.get('/api/recipe/')).json()).toEqual([]);
  });
});
