import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedImage, PNG_1PX, pngOfSize } from '../../test/images.js';
import { memberOfNewHouse, profile, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('houses', () => {
  it('needs a profile before creating or joining', async () => {
    const res = await t.as('nobody').post('/api/house/', { house_name: 'Nowhere' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('profile_required');
    expect((await t.as('nobody').put('/api/house/ABCDEFGHJK')).json().error.code).toBe('profile_required');
  });

  it('creates a house with a random invite code and moves its creator in', async () => {
    const client = t.as('creator');
    await client.post('/api/users/', profile('creator'));
    const created = await client.post('/api/house/', { house_name: '  Maple Street  ' });
    expect(created.statusCode).toBe(201);
    const house = created.json();
    expect(house).toMatchObject({ house_name: 'Maple Street', house_img: null });
    expect(house.house_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
    expect((await client.get('/api/users/me')).json().house_id).toBe(house.house_id);
    expect((await client.get(`/api/house/${house.house_id}`)).json()).toEqual(house);
  });

  it('stores a house photo checked by its bytes', async () => {
    const c = t.as('photo');
    await c.post('/api/users/', profile('photo'));
    const res = await c.post('/api/house/', { house_name: 'Photo house', house_img: PNG_1PX });
    expect(res.statusCode).toBe(201);
    expect(await decodedImage(res.json().house_img)).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it.each([
    [{ house_name: '   ' }, 'house_name'],
    [{}, 'house_name'],
    [{ house_name: 'x'.repeat(81) }, 'house_name'],
    [{ house_name: 'Ok', house_img: 'data:image/png;base64,AAAA' }, 'house_img'],
  ])('refuses %j and names %s, creating nothing', async (body, field) => {
    const c = t.as('badhouse');
    await c.post('/api/users/', profile('badhouse'));
    const res = await c.post('/api/house/', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe(field);
    expect((await c.get('/api/users/me')).json().house_id).toBeNull();
  });

  it('refuses a house photo over 2 MB with 413, creating nothing', async () => {
    const c = t.as('bigphoto');
    await c.post('/api/users/', profile('bigphoto'));
    const res = await c.post('/api/house/', { house_name: 'Big', house_img: pngOfSize(2 * 1024 * 1024 + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'image_too_large', field: 'house_img' });
    expect((await c.get('/api/users/me')).json().house_id).toBeNull();
  });

  it('lets a second person join with the code, typed loosely', async () => {
    const { house } = await memberOfNewHouse(t, 'host');
    const guest = t.as('guest');
    await guest.post('/api/users/', profile('guest'));
    const loose = `${house.house_code.slice(0, 5).toLowerCase()}-${house.house_code.slice(5)}`;
    const res = await guest.put(`/api/house/${encodeURIComponent(loose)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(house);
    expect((await guest.get(`/api/house/${house.house_id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a wrong code and changes nothing', async () => {
    const c = t.as('wrongcode');
    await c.post('/api/users/', profile('wrongcode'));
    const res = await c.put('/api/house/NOTACODE99');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await c.get('/api/users/me')).json().house_id).toBeNull();
  });

  it('answers 409 when someone in a house joins or creates another', async () => {
    const a = await memberOfNewHouse(t, 'busy-a');
    const b = await memberOfNewHouse(t, 'busy-b');
    const join = await a.client.put(`/api/house/${b.house.house_code}`);
    expect(join.statusCode).toBe(409);
    expect(join.json().error.code).toBe('already_in_house');
    const create = await a.client.post('/api/house/', { house_name: 'Second' });
    expect(create.statusCode).toBe(409);
    expect((await a.client.get('/api/users/me')).json().house_id).toBe(a.house.house_id);
  });

  it('hides other houses: 404 whether or not they exist', async () => {
    const mine = await memberOfNewHouse(t, 'hider');
    const theirs = await memberOfNewHouse(t, 'hidden');
    const other = await mine.client.get(`/api/house/${theirs.house.house_id}`);
    const none = await mine.client.get('/api/house/999999');
    expect(other.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(other.json()).toEqual(none.json());
    expect((await mine.client.post(`/api/house/${theirs.house.house_id}/code`)).statusCode).toBe(404);
  });

  it('rotates the invite code: the old one stops working', async () => {
    const { client, house } = await memberOfNewHouse(t, 'rotator');
    const rotated = (await client.post(`/api/house/${house.house_id}/code`)).json();
    expect(rotated.house_code).not.toBe(house.house_code);
    const late = t.as('late');
    await late.post('/api/users/', profile('late'));
    expect((await late.put(`/api/house/${house.house_code}`)).statusCode).toBe(404);
    expect((await late.put(`/api/house/${rotated.house_code}`)).statusCode).toBe(200);
  });

  it('validates ids in paths', async () => {
    const { client } = await memberOfNewHouse(t, 'paths');
    const res = await client.get('/api/house/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'house_id' });
  });
});
