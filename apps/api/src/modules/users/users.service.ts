/** The users' rules: read one account, change a profile, list every account for the admin. */
import { ROLES, type PublicUser } from '@repo/shared';
import type { SessionUserRecord } from '../../lib/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from './password.js';
import { User, toPublicUser } from './user.model.js';

/**
 * What a login token's check needs of its user (lib/auth): who they are, their role and when
 * their password last changed; null when the account is gone.
 */
export async function findSessionUser(userId: string): Promise<SessionUserRecord | null> {
  const user = await User.findById(userId, {
    name: 1,
    email: 1,
    role: 1,
    passwordChangedAt: 1,
  }).lean();
  if (!user) return null;
  return {
    id: String(user._id),
    name: user.name,
    email: user.email,
    role: user.role ?? ROLES.customer,
    passwordChangedAt: user.passwordChangedAt ?? undefined,
  };
}

export async function getUser(userId: string): Promise<PublicUser> {
  const user = await User.findById(userId).lean();
  if (!user) throw notFound('User not found');
  return toPublicUser(user);
}

/**
 * Name, phone and address, and a new password when one is given. The email and the role
 * are not changed here, whatever the body holds (the shared schema drops them).
 */
export interface ProfileChanges {
  name: string;
  phone: string;
  address: string;
  password?: string | undefined;
  /** The signed-in user's own password, required with a new password (the schema says so). */
  currentPassword?: string | undefined;
}

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct';

/**
 * A new password needs the current password of whoever is signed in (`actorId`: the user, or
 * an admin changing someone's), so a stolen session alone cannot take an account over.
 */
export async function updateProfile(
  userId: string,
  body: ProfileChanges,
  actorId: string,
): Promise<PublicUser> {
  const changes: Record<string, string | Date> = {
    name: body.name,
    phone: body.phone,
    address: body.address,
  };
  if (body.password) {
    const actor = await User.findById(actorId).select('+password').lean();
    if (!(await verifyPassword(body.currentPassword ?? '', actor?.password)))
      throw badRequest(WRONG_CURRENT_PASSWORD);
    changes.password = await hashPassword(body.password);
    changes.passwordChangedAt = new Date();
  }
  const user = await User.findByIdAndUpdate(
    userId,
    { $set: changes },
    { returnDocument: 'after', runValidators: true },
  ).lean();
  if (!user) throw notFound('User not found');
  return toPublicUser(user);
}

/** Newest first, one page at a time, with the total so an admin screen can page. */
export async function listUsers({ page, limit }: { page: number; limit: number }) {
  const [users, total] = await Promise.all([
    User.find({})
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
    User.countDocuments({}),
  ]);
  return { users: users.map(toPublicUser), total, page, limit };
}
