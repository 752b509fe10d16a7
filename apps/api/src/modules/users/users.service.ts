/**
 * The users' rules: read one account, change a profile, list every account for the admin, and
 * what other modules need of an account (sign-up, login, a reset, a mail's recipient, an address).
 */
import type { Types } from 'mongoose';
import { ROLES, type PublicUser } from '@repo/shared';
import type { SessionUserRecord } from '../../lib/auth.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { containsText } from '../../lib/literal-pattern.js';
import { limitedCheck } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/types.js';
import {
  noteWrongGuess,
  WRONG_CURRENT_PASSWORDS_PER_USER,
  WRONG_PASSWORDS_PER_ADDRESS,
} from './guessing.js';
import { addressFromLine, setDefaultFromLine } from './addresses.js';
import { hashPassword, verifyPassword } from './password.js';
import { User, toPublicUser, type UserFields } from './user.model.js';

type Id = Types.ObjectId | string;

/** An account as other modules see it: no password. */
export type UserRecord = Parameters<typeof toPublicUser>[0];

/**
 * A new account; the unique email index refuses a taken email (a duplicate-key error). Its
 * one-line address becomes its first saved address, read for its PIN.
 */
export async function createUser(
  fields: Pick<UserFields, 'name' | 'email' | 'password' | 'phone' | 'address' | 'role'>,
): Promise<UserRecord> {
  const first = fields.address ? addressFromLine(fields.address, fields) : null;
  const { password: _hash, ...user } = (
    await User.create({ ...fields, addresses: first ? [first] : [] })
  ).toObject();
  return user;
}

export async function userExists(email: string): Promise<boolean> {
  return (await User.exists({ email })) !== null;
}

/** The account with this email and its password hash (for a login), or null. */
export async function findUserWithPassword(
  email: string,
): Promise<(UserRecord & { password: string }) | null> {
  return User.findOne({ email }).select('+password').lean();
}

/** Who to write to: the account's id, name and email, or null when there is no such account. */
export async function userContact(
  query: { id: Id } | { email: string },
): Promise<{ _id: string; name: string; email: string } | null> {
  const filter = 'email' in query ? { email: query.email } : { _id: query.id };
  const user = await User.findOne(filter, { name: 1, email: 1 }).lean();
  return user ? { _id: String(user._id), name: user.name, email: user.email } : null;
}

/** Name, email and phone of each account, by id, in one query (a page of orders shows them). */
export async function userContacts(
  ids: Id[],
): Promise<Map<string, { _id: string; name: string; email: string; phone: string }>> {
  if (!ids.length) return new Map();
  const users = await User.find({ _id: { $in: ids } }, { name: 1, email: 1, phone: 1 }).lean();
  return new Map(
    users.map((u) => [
      String(u._id),
      { _id: String(u._id), name: u.name, email: u.email, phone: u.phone ?? '' },
    ]),
  );
}

/** The admins' names and emails (at most 50), for the shop's own alerts. */
export async function adminContacts(): Promise<Array<{ name: string; email: string }>> {
  const admins = await User.find({ role: ROLES.admin }, { name: 1, email: 1 }).limit(50).lean();
  return admins.map((a) => ({ name: a.name, email: a.email }));
}

/** The address on the account's profile ('' when none). */
export async function profileAddress(userId: string): Promise<string> {
  const user = await User.findById(userId, { address: 1 }).lean();
  return user?.address?.trim() ?? '';
}

/** Sets a new password hash by email (a reset), ending earlier sessions; false when no such account. */
export async function resetPasswordHash(email: string, passwordHash: string): Promise<boolean> {
  const user = await User.findOneAndUpdate(
    { email },
    { $set: { password: passwordHash, passwordChangedAt: new Date() } },
  );
  return user !== null;
}

/**
 * What a login token's check needs of its user (lib/auth): who they are, their role and when
 * their password last changed; null when the account is gone.
 */
export async function findSessionUser(userId: string): Promise<SessionUserRecord | null> {
  const user = await User.findById(userId, {
    name: 1,
    email: 1,
    role: 1,
    address: 1,
    passwordChangedAt: 1,
  }).lean();
  if (!user) return null;
  return {
    id: String(user._id),
    name: user.name,
    email: user.email,
    role: user.role ?? ROLES.customer,
    address: user.address?.trim() ?? '',
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
  deps: Pick<AppDeps, 'limits' | 'mailer' | 'config'>,
  userId: string,
  body: ProfileChanges,
  actor: { id: string; address: string },
): Promise<PublicUser> {
  const changes: Record<string, string | Date> = { name: body.name, phone: body.phone };
  if (body.password) {
    // Limited as logins are: per signed-in user (a growing delay) and per address.
    const account = await User.findById(actor.id).select('+password').lean();
    const ok = await limitedCheck(
      deps.limits,
      {
        address: [WRONG_PASSWORDS_PER_ADDRESS, actor.address],
        guesser: [WRONG_CURRENT_PASSWORDS_PER_USER, actor.id],
      },
      () => verifyPassword(body.currentPassword ?? '', account?.password),
    );
    if (!ok) {
      if (account) await noteWrongGuess(deps, account);
      throw badRequest(WRONG_CURRENT_PASSWORD);
    }
    changes.password = await hashPassword(body.password);
    changes.passwordChangedAt = new Date();
  }
  const before = await User.findById(userId, { name: 1, phone: 1, address: 1 }).lean();
  if (!before) throw notFound('User not found');
  // The one-line address is the default saved address: a new line changes that address.
  if (body.address !== (before.address ?? ''))
    await setDefaultFromLine(userId, body.address, { name: body.name, phone: body.phone });
  const user = await User.findByIdAndUpdate(
    userId,
    { $set: changes },
    { returnDocument: 'after', runValidators: true },
  ).lean();
  if (!user) throw notFound('User not found');
  return toPublicUser(user);
}

/** Newest first, one page at a time, with the total so an admin screen can page. */
/**
 * Accounts whose name or email holds `text` (any case), or whose phone holds its digits (at
 * least 4, however they are spaced: "98765 43210" finds "+91 9876543210"). Staff search a
 * few thousand accounts at most, so a scan is fine; `text` is matched literally.
 */
function contactMatch(text: string): Record<string, unknown> {
  const words = containsText(text);
  const digits = text.replace(/\D/g, '').replace(/^(?:0091|091|91|0)(?=\d{10}$)/, '');
  const or: Record<string, unknown>[] = [{ name: words }, { email: words }];
  if (digits.length >= 4) or.push({ phone: new RegExp(digits.split('').join('\\D*')) });
  return { $or: or };
}

/** The ids of accounts matching `text` (contactMatch), at most `limit`: orders by buyer. */
export async function userIdsMatching(text: string, limit = 500): Promise<string[]> {
  const rows = await User.find(contactMatch(text), { _id: 1 }).limit(limit).lean();
  return rows.map((u) => String(u._id));
}

export async function listUsers({ page, limit, q }: { page: number; limit: number; q?: string }) {
  const filter = q ? contactMatch(q) : {};
  const [users, total] = await Promise.all([
    User.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
    User.countDocuments(filter),
  ]);
  return { users: users.map(toPublicUser), total, page, limit };
}
