import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedImage, GIF_1PX, noisePng, PNG_1PX, pngOfSize } from '../../test/images.js';
import { profile, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('profiles', () => {
  it('reports no profile, then creates one and reads it back', async () => {
    const ann = t.as('ann');
    expect((await ann.get('/api/users/me/exists')).json()).toEqual({ exists: false });
    const missing = await ann.get('/api/users/me');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');

    const saved = await ann.post('/api/users/', profile('ann', { profile_img: PNG_1PX }));
    expect(saved.statusCode).toBe(200);
    expect((await ann.get('/api/users/me/exists')).json()).toEqual({ exists: true });
    const me = (await ann.get('/api/users/me')).json();
    expect(await decodedImage(me.profile_img)).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(me).toMatchObject({
      username: 'ann',
      first_name: 'Sam',
      last_name: 'Rivera',
      email: 'ann@example.test',
      phone_num: '1-555-123-4567',
      house_id: null,
    });
    expect(me.user_id).toBeTypeOf('number');
  });

  it('keeps identities apart: another subject sees no profile', async () => {
    expect((await t.as('stranger').get('/api/users/me/exists')).json()).toEqual({ exists: false });
  });

  it('trims fields, stores blank phone and missing image as null', async () => {
    const res = await t
      .as('trim')
      .post(
        '/api/users/',
        profile('  trimmy  ', { first_name: ' Jo ', phone_num: '  ', email: ' trim@example.test ' }),
      );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'trimmy',
      first_name: 'Jo',
      email: 'trim@example.test',
      phone_num: null,
      profile_img: null,
    });
  });

  it.each([
    ['username', { username: '' }],
    ['username', { username: '   ' }],
    ['first_name', { first_name: ' ' }],
    ['last_name', { last_name: '' }],
    ['email', { email: '   ' }],
    ['email', { email: 'not-an-email' }],
    ['username', { username: 'has spaces' }],
    ['phone_num', { phone_num: 'call me' }],
    ['username', { username: 'x'.repeat(33) }],
  ])('rejects a bad %s and names it', async (field, override) => {
    const before = (await t.as('bad-input').get('/api/users/me/exists')).json();
    const res = await t.as('bad-input').post('/api/users/', profile('badinput', override));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
    expect(res.json().error.message).toContain(field);
    expect((await t.as('bad-input').get('/api/users/me/exists')).json()).toEqual(before);
  });

  it.each(['username', 'first_name', 'last_name', 'email'])('requires %s', async (field) => {
    const body: Record<string, unknown> = profile('required');
    delete body[field];
    const res = await t.as('required').post('/api/users/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      field,
      message: `${field} is required.`,
    });
  });

  it('refuses a username taken by someone else, whatever its case', async () => {
    await t.as('owner').post('/api/users/', profile('Taken'));
    const res = await t.as('copycat').post('/api/users/', profile('tAKEN'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'username_taken', field: 'username' });
    expect((await t.as('copycat').get('/api/users/me/exists')).json()).toEqual({ exists: false });
  });

  it('updates an existing profile, keeps its own username and never changes the house', async () => {
    const bo = t.as('bo');
    await bo.post('/api/users/', profile('bo'));
    const house = (await bo.post('/api/house/', { house_name: 'Bo house' })).json();
    const res = await bo.post('/api/users/', { ...profile('BO', { first_name: 'Bodil' }), house_id: 999 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'BO', first_name: 'Bodil', house_id: house.house_id });
  });

  describe('language', () => {
    it('starts as null (follow the browser), is set, kept when left out, and cleared with null', async () => {
      const lee = t.as('lee');
      expect((await lee.post('/api/users/', profile('lee'))).json().language).toBeNull();
      const set = await lee.post('/api/users/', profile('lee', { language: 'de' }));
      expect(set.statusCode).toBe(200);
      expect(set.json().language).toBe('de');
      // A client that sends no language leaves it as it is.
      expect((await lee.post('/api/users/', profile('lee', { first_name: 'Lee' }))).json().language).toBe(
        'de',
      );
      expect((await lee.get('/api/users/me')).json().language).toBe('de');
      expect((await lee.post('/api/users/', profile('lee', { language: 'en' }))).json().language).toBe('en');
      expect((await lee.post('/api/users/', profile('lee', { language: null }))).json().language).toBeNull();
    });

    it.each(['fr', 'DE', 'de-DE', 'english', 1, true, { lang: 'de' }])(
      'refuses %j with 400 naming language',
      async (bad) => {
        const ivy = t.as('ivy');
        await ivy.post('/api/users/', profile('ivy', { language: 'de' }));
        const res = await ivy.post('/api/users/', profile('ivy', { language: bad, first_name: 'Changed' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'language' });
        expect(res.json().error.message).toContain('language');
        // Nothing changed.
        expect((await ivy.get('/api/users/me')).json()).toMatchObject({ language: 'de', first_name: 'Sam' });
      },
    );
  });

  describe('images', () => {
    it('accepts a GIF and relabels an image by its bytes', async () => {
      const gif = await t.as('img1').post('/api/users/', profile('img1', { profile_img: GIF_1PX }));
      expect(await decodedImage(gif.json().profile_img)).toMatchObject({
        label: 'data:image/gif;base64',
        format: 'gif',
        width: 1,
      });
      const lying = PNG_1PX.replace('image/png', 'image/jpeg');
      const res = await t.as('img2').post('/api/users/', profile('img2', { profile_img: lying }));
      expect(res.statusCode).toBe(200);
      expect(await decodedImage(res.json().profile_img)).toMatchObject({
        label: 'data:image/png;base64',
        format: 'png',
      });
    });

    it('refuses something that is not an image', async () => {
      const text = `data:image/png;base64,${Buffer.from('hello, not a picture').toString('base64')}`;
      const res = await t.as('img3').post('/api/users/', profile('img3', { profile_img: text }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'image_invalid', field: 'profile_img' });
      const notDataUrl = await t
        .as('img3')
        .post('/api/users/', profile('img3', { profile_img: 'data:nonsense' }));
      expect(notDataUrl.json().error).toMatchObject({ code: 'image_invalid', field: 'profile_img' });
    });

    it('refuses an image over 2 MB with 413', async () => {
      const res = await t
        .as('img4')
        .post('/api/users/', profile('img4', { profile_img: pngOfSize(2 * 1024 * 1024 + 1) }));
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'image_too_large', field: 'profile_img' });
      expect((await t.as('img4').get('/api/users/me/exists')).json()).toEqual({ exists: false });
    });

    it('accepts a real picture just under 2 MB', async () => {
      const res = await t
        .as('img5')
        .post('/api/users/', profile('img5', { profile_img: await noisePng(2 * 1024 * 1024 - 64 * 1024) }));
      expect(res.statusCode).toBe(200);
      expect((await decodedImage(res.json().profile_img)).format).toBe('png');
    });

    it('refuses a body too large to read with 413 and the JSON error shape', async () => {
      const res = await t
        .as('img6')
        .post(
          '/api/users/',
          profile('img6', { profile_img: `data:image/png;base64,${'A'.repeat(5_000_000)}` }),
        );
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('payload_too_large');
    });
  });
});
