/** First-start seeding: the admin account and, on an empty catalog, the demo catalog. */
import { randomBytes } from 'node:crypto';
import { ROLES } from '@repo/shared';
import { isDuplicateKey } from '../lib/errors.js';
import type { AppDeps } from '../lib/types.js';
import { createUser, hashPassword, userExists } from '../modules/users/index.js';
import { seedCatalogIfEmpty } from './catalog-seed.js';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-catalog.js';

/**
 * The admin account named by SEED_ADMIN_EMAIL, once. Without SEED_ADMIN_PASSWORD (production
 * only: development has a documented default) a random password is generated and printed in
 * the log this one time.
 */
export async function seedAdmin(deps: AppDeps): Promise<void> {
  const { adminEmail, adminPassword } = deps.config.seed;
  if (!adminEmail) return;
  const email = adminEmail.trim().toLowerCase();
  if (await userExists(email)) return;
  const password = adminPassword ?? randomBytes(18).toString('base64url');
  try {
    await createUser({
      name: 'Shop Admin',
      email,
      password: await hashPassword(password),
      phone: '',
      address: '',
      role: ROLES.admin,
    });
  } catch (err) {
    // Another process seeded it first.
    if (isDuplicateKey(err)) return;
    throw err;
  }
  if (adminPassword) deps.logger.info({ email }, 'seeded the admin account');
  else
    deps.logger.warn(
      { email },
      `seeded the admin account ${email} with the generated password ${password} (shown only this once: sign in and change it)`,
    );
}

/** `demoProducts`: the whole demo catalog unless a test asks for fewer pictures to render. */
export async function seedIfEmpty(
  deps: AppDeps,
  demoProducts: readonly DemoProduct[] = DEMO_PRODUCTS,
): Promise<void> {
  await seedAdmin(deps);
  await seedCatalogIfEmpty(deps, demoProducts);
}
