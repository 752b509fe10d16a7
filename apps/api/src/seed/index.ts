/** First-start seeding: the admin account and, on an empty catalog, the demo catalog. */
import { ROLES } from '@repo/shared';
import type { AppDeps } from '../lib/types.js';
import { User, hashPassword } from '../modules/users/index.js';
import { seedCatalogIfEmpty } from './catalog-seed.js';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-catalog.js';

export async function seedAdmin(deps: AppDeps): Promise<void> {
  const { adminEmail, adminPassword } = deps.config.seed;
  if (!adminEmail || !adminPassword) return;
  const email = adminEmail.trim().toLowerCase();
  if (await User.exists({ email })) return;
  try {
    await User.create({
      name: 'Shop Admin',
      email,
      password: await hashPassword(adminPassword),
      phone: '',
      address: '',
      role: ROLES.admin,
    });
  } catch (err) {
    // Another process seeded it first.
    if ((err as { code?: number }).code === 11000) return;
    throw err;
  }
  deps.logger.info({ email }, 'seeded the admin account');
}

/** `demoProducts`: the whole demo catalog unless a test asks for fewer pictures to render. */
export async function seedIfEmpty(
  deps: AppDeps,
  demoProducts: readonly DemoProduct[] = DEMO_PRODUCTS,
): Promise<void> {
  await seedAdmin(deps);
  await seedCatalogIfEmpty(deps, demoProducts);
}
