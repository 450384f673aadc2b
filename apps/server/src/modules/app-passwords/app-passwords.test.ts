import { APP_PASSWORD_LABEL_MAX } from '@hearth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Membership } from '../../core/membership.js';
import { memberOfNewHouse, startTestApp, type TestApp } from '../../test/test-app.js';
import { testEngine } from '../../test/test-db.js';
import { AppPasswordsRepository } from './repository.js';
import { appPasswordHash } from './secret.js';
import { AppPasswordsService } from './service.js';

let t: TestApp;
let service: AppPasswordsService;
beforeAll(async () => {
  t = await startTestApp();
  service = new AppPasswordsService(new AppPasswordsRepository(t.testDb.db), new Membership(t.testDb.db));
});
afterAll(() => t.close());

describe(`app passwords API (${testEngine})`, () => {
  it('makes a password shown once, stores only its hash, and lists it without the password', async () => {
    const { client } = await memberOfNewHouse(t, 'ada');
    const res = await client.post('/api/app-password/', { label: "  Ada's iPhone  " });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json();
    expect(made).toEqual({
      app_password_id: expect.any(Number),
      label: "Ada's iPhone",
      password: expect.stringMatching(/^[a-z2-9]{7}(-[a-z2-9]{7}){3}$/),
      created_at: expect.any(String),
      last_used_at: null,
    });
    // 28 symbols of a 32-symbol alphabet: 140 bits.
    expect(made.password.replaceAll('-', '').length * 5).toBeGreaterThanOrEqual(128);

    const rows = await t.testDb.db.selectFrom('app_passwords').selectAll().execute();
    const row = rows.find((r) => r.app_password_id === made.app_password_id);
    expect(row?.password_hash).toBe(appPasswordHash(made.password));
    expect(JSON.stringify(rows)).not.toContain(made.password);

    const list = await client.get('/api/app-password/');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        app_password_id: made.app_password_id,
        label: "Ada's iPhone",
        created_at: made.created_at,
        last_used_at: null,
      },
    ]);
    expect(list.body).not.toContain(made.password);

    const second = (await client.post('/api/app-password/', { label: 'Laptop' })).json();
    expect(second.password).not.toBe(made.password);
  });

  it('refuses a blank or too long label with a 400 naming the field, and makes nothing', async () => {
    const { client } = await memberOfNewHouse(t, 'blank');
    for (const label of ['   ', 'x'.repeat(APP_PASSWORD_LABEL_MAX + 1)]) {
      const res = await client.post('/api/app-password/', { label });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('label');
    }
    expect((await client.post('/api/app-password/', {})).statusCode).toBe(400);
    expect((await client.get('/api/app-password/')).json()).toEqual([]);
  });

  it("removes only the caller own passwords: another person's is a 404 and stays", async () => {
    const ben = await memberOfNewHouse(t, 'ben');
    const cleo = await memberOfNewHouse(t, 'cleo');
    const bens = (await ben.client.post('/api/app-password/', { label: 'Ben phone' })).json();
    const cleos = (await cleo.client.post('/api/app-password/', { label: 'Cleo phone' })).json();

    const theft = await cleo.client.delete(`/api/app-password/${bens.app_password_id}`);
    expect(theft.statusCode).toBe(404);
    expect(theft.json().error.code).toBe('not_found');
    expect((await ben.client.get('/api/app-password/')).json()).toHaveLength(1);
    expect((await cleo.client.get('/api/app-password/')).json()).toHaveLength(1);
    expect(await service.authenticate('ben', bens.password)).not.toBeNull();

    const own = await ben.client.delete(`/api/app-password/${bens.app_password_id}`);
    expect(own.statusCode).toBe(200);
    expect((await ben.client.get('/api/app-password/')).json()).toEqual([]);
    expect(await service.authenticate('ben', bens.password)).toBeNull();
    expect((await ben.client.delete(`/api/app-password/${bens.app_password_id}`)).statusCode).toBe(404);
    expect(await service.authenticate('cleo', cleos.password)).not.toBeNull();
  });

  it('needs a profile', async () => {
    const res = await t.as('no-profile-yet').post('/api/app-password/', { label: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('profile_required');
    expect((await t.app.inject({ method: 'GET', url: '/api/app-password/' })).statusCode).toBe(401);
  });

  it('authenticates the user name in any case with the password, and notes the use', async () => {
    const { client, user } = await memberOfNewHouse(t, 'dora');
    const made = (await client.post('/api/app-password/', { label: 'Tablet' })).json();
    const found = await service.authenticate('DoRa', made.password);
    expect(found?.user_id).toBe(user.user_id);
    expect(await service.authenticate('dora', `${made.password}x`)).toBeNull();
    expect(await service.authenticate('ada', made.password)).toBeNull();
    expect(await service.authenticate('', made.password)).toBeNull();
    const [listed] = (await client.get('/api/app-password/')).json();
    expect(listed.last_used_at).toEqual(expect.any(String));
  });

  it('goes with the account, and is not part of the house export', async () => {
    const { client, house } = await memberOfNewHouse(t, 'erin');
    const made = (await client.post('/api/app-password/', { label: 'Erin secret phone' })).json();

    const exported = await client.get(`/api/house/${house.house_id}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('Erin secret phone');
    expect(exported.body).not.toContain('app_password');

    expect((await client.delete('/api/users/me')).statusCode).toBe(200);
    expect(await service.authenticate('erin', made.password)).toBeNull();
    const left = await t.testDb.db
      .selectFrom('app_passwords')
      .select('app_password_id')
      .where('app_password_id', '=', made.app_password_id)
      .execute();
    expect(left).toEqual([]);
  });
});
