import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { getEmployeeByEmail } from '../src/people/employee-repo';
import { ensureFirstAdmin, firstAdminMessage } from '../src/local/first-admin';
import { seedFirstStart } from '../src/local/seed';
import { upgradeLocalData } from '../src/local/upgrade-data';
import { createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await createTestApp());
  // As the local server starts: first-start content, then the data upgrades (which add the salespeople's records).
  await seedFirstStart(db);
  await upgradeLocalData(db);
});

describe('first start', () => {
  it('creates one superadmin with a generated password shown once, admin@<company website host> by default', async () => {
    const created = await ensureFirstAdmin(db, {});
    expect(created).toEqual({ email: 'admin@kaveridesign.studio', generatedPassword: expect.stringMatching(/^[\w-]{24}$/) });
    expect(firstAdminMessage(created!)).toContain(created!.generatedPassword);
    expect(await getEmployeeByEmail(db, 'admin@kaveridesign.studio')).toMatchObject({ role: 'superadmin', status: 'active' });

    const { response } = await login(app, created!.email, created!.generatedPassword!);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { email: 'admin@kaveridesign.studio', role: 'superadmin' } });

    // Once any account exists, later starts create nothing, even with ADMIN_EMAIL set.
    expect(await ensureFirstAdmin(db, { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password' })).toBeUndefined();
    expect(await getEmployeeByEmail(db, 'owner@example.com')).toBeUndefined();
  });
});
