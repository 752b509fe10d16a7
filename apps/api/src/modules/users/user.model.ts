import mongoose, { type InferSchemaType, type HydratedDocument } from 'mongoose';
import { ROLES, type PublicUser } from '@repo/shared';

/** A saved address; the account's `address` is its default one written on one line. */
const savedAddressSchema = new mongoose.Schema(
  {
    name: { type: String, required: true },
    phone: { type: String, default: '' },
    line1: { type: String, default: '' },
    line2: { type: String, default: '' },
    city: { type: String, default: '' },
    state: { type: String, default: '' },
    pin: { type: String, required: true },
    isDefault: { type: Boolean, default: false },
  },
  { _id: true },
);

const userSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true, lowercase: true, unique: true },
    /** bcrypt hash; never selected unless asked for, never returned by any call. */
    password: { type: String, required: true, select: false },
    phone: { type: String, default: '', trim: true },
    address: { type: String, default: '', trim: true },
    /** Saved addresses (users.service keeps exactly one default while there are any). */
    addresses: { type: [savedAddressSchema], default: undefined },
    /** Moves with every change of `addresses`: a change is written only over the book it read. */
    addressesRev: { type: Number, default: 0 },
    role: { type: Number, default: ROLES.customer, enum: [ROLES.customer, ROLES.admin] },
    /** Tokens issued before this moment are refused: a new password ends every other session. */
    passwordChangedAt: { type: Date, required: false },
  },
  { timestamps: true },
);
// The admin list is newest first.
userSchema.index({ createdAt: -1 });
// The shop's admins are told of payments to settle.
userSchema.index({ role: 1 });

export type UserFields = InferSchemaType<typeof userSchema>;
export type UserDoc = HydratedDocument<UserFields>;
export const User = mongoose.model('User', userSchema);

/** The only shape of a user that leaves the API. */
export function toPublicUser(u: {
  _id: unknown;
  name: string;
  email: string;
  phone?: string | null;
  address?: string | null;
  role?: number | null;
  createdAt?: Date | null;
}): PublicUser {
  return {
    _id: String(u._id),
    name: u.name,
    email: u.email,
    phone: u.phone ?? '',
    address: u.address ?? '',
    role: u.role ?? ROLES.customer,
    ...(u.createdAt ? { createdAt: u.createdAt.toISOString() } : {}),
  };
}
