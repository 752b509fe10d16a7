import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@repo/shared';
import { createLogger } from '../../../lib/logger.js';
import { seedAdmin } from '../../../seed/index.js';
import { setupTestApp } from '../../../test/harness.js';
import { BCRYPT_COST } from '../index.js';
import { User } from '../user.model.js';

const t = await setupTestApp({
  env: { SEED_ADMIN_EMAIL: ' Boss@Example.com ', SEED_ADMIN_PASSWORD: 'seeded-admin-pw' },
});

describe('the seeded admin', () => {
  it('is created once, as an admin with a bcrypt hash, and can log in', async () => {
    await Promise.all([seedAdmin(t.deps), seedAdmin(t.deps)]);
    await seedAdmin(t.deps);
    const rows = await User.find({ email: 'boss@example.com' }).select('+password').lean();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: ROLES.admin });
    expect(bcrypt.getRounds(rows[0]!.password)).toBe(BCRYPT_COST);

    const res = await t
      .request()
      .post('/api/auth/login')
      .send({ email: 'boss@example.com', password: 'seeded-admin-pw' })
      .expect(200);
    expect(res.body.user.role).toBe(ROLES.admin);
    await t
      .request()
      .get('/api/all-user/adminpanel')
      .set('Authorization', `Bearer ${res.body.token}`)
      .expect(200);
  });

  it('leaves an existing account as it is', async () => {
    await User.updateOne({ email: 'boss@example.com' }, { $set: { name: 'Renamed Boss' } });
    await seedAdmin(t.deps);
    expect(await User.findOne({ email: 'boss@example.com' }).lean()).toMatchObject({
      name: 'Renamed Boss',
    });
  });

  it('without SEED_ADMIN_PASSWORD (production) generates one, prints it once, and it logs in', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const deps = {
      ...t.deps,
      logger,
      config: { ...t.config, seed: { adminEmail: 'owner@example.com', demoCatalog: false } },
    };
    await seedAdmin(deps);
    await seedAdmin(deps);
    const printed = lines.filter((l) => l.includes('generated password'));
    expect(printed).toHaveLength(1);
    const password = /generated password (\S+) /.exec(JSON.parse(printed[0]!).msg as string)?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    const res = await t
      .request()
      .post('/api/auth/login')
      .send({ email: 'owner@example.com', password })
      .expect(200);
    expect(res.body.user.role).toBe(ROLES.admin);
  });
});
