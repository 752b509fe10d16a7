import { z } from 'zod';
import { ADDRESS_MESSAGE, PHONE_MESSAGE } from '../constants/contact.js';
import {
  ADMIN_USERS_DEFAULT_LIMIT,
  ADMIN_USERS_MAX_LIMIT,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants/forms.js';
import { TEXT_LIMITS, tooLong } from '../constants/limits.js';
import {
  isIndianMobile,
  isShippingAddress,
  normalizeAddress,
  normalizeIndianMobile,
} from '../rules/contact.js';
import { objectId, requiredText } from './common.js';

/** A user as every call returns it: never a password hash. */
export const publicUser = z
  .object({
    _id: objectId,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    role: z.number(),
    createdAt: z.string().optional(),
  })
  .meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUser>;

/** The user summary the browser keeps under "user" (name, id, role). */
export const storedUser = z.object({ name: z.string(), userId: z.string(), role: z.number() });
export type StoredUser = z.infer<typeof storedUser>;

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(TEXT_LIMITS.email, tooLong('Email', TEXT_LIMITS.email))
  .pipe(z.email('Enter a valid email address'));
/** bcrypt reads only the first 72 bytes: a longer password would share its hash with others. */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_TOO_LONG = `Password is too long: at most ${PASSWORD_MAX_BYTES} bytes (72 letters or digits; accented letters and emoji count 2 to 4)`;
const withinBcryptBytes = (v: string) => new TextEncoder().encode(v).length <= PASSWORD_MAX_BYTES;
export const password = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_BYTES, PASSWORD_TOO_LONG)
  .refine(withinBcryptBytes, PASSWORD_TOO_LONG);
/** An Indian mobile number as people write it, kept in one form: "+91 98765 43210" (rules/contact). */
export const phone = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .max(TEXT_LIMITS.phone, tooLong('Phone', TEXT_LIMITS.phone))
  .refine(isIndianMobile, PHONE_MESSAGE)
  .transform((value) => normalizeIndianMobile(value)!);

/** A shipping address with its PIN code (see isShippingAddress), the PIN kept as six digits. */
export const address = requiredText('Address', TEXT_LIMITS.address)
  .refine(isShippingAddress, ADDRESS_MESSAGE)
  .transform(normalizeAddress);

/** A person's name (register, profile). */
const personName = requiredText('Name', TEXT_LIMITS.personName);

export const registerBody = z.object({
  name: personName,
  email,
  password,
  phone,
  address,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_BYTES, PASSWORD_TOO_LONG)
    .refine(withinBcryptBytes, PASSWORD_TOO_LONG),
});
export type LoginBody = z.input<typeof loginBody>;

export const authResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  token: z.string(),
  user: publicUser,
});
export type AuthResponse = z.infer<typeof authResponse>;

export const otp = z
  .string({ error: 'OTP is required' })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Please enter a valid ${OTP_LENGTH}-digit OTP`);
export const forgotPasswordBody = z.object({ email });
export const verifyOtpBody = z.object({ email, otp });
export const resetPasswordBody = z
  .object({ email, otp, newPassword: password, confirmPassword: z.string() })
  .refine((b) => b.newPassword === b.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export const messageResponse = z.object({ message: z.string(), error: z.string().optional() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const userIdParams = z.object({ userId: objectId });
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to set a new one';
export const profileBody = z
  .object({
    name: personName,
    phone,
    address,
    /** Sent only when the user wants a new one. */
    password: password.optional(),
    /** Required with a new password: a stolen session alone cannot change it. */
    currentPassword: z.string().max(PASSWORD_MAX_BYTES, PASSWORD_TOO_LONG).optional(),
  })
  .refine((b) => !b.password || Boolean(b.currentPassword), {
    message: CURRENT_PASSWORD_REQUIRED,
    path: ['currentPassword'],
  });
export type ProfileBody = z.input<typeof profileBody>;
export const userDetailResponse = z.object({
  success: z.boolean(),
  user: publicUser,
  message: z.string(),
});
export type UserDetailResponse = z.infer<typeof userDetailResponse>;
/** `token` comes back when the user changed their own password: earlier tokens stop working. */
export const profileResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  user: publicUser,
  token: z.string().optional(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;
/** The admin users list pages: `?page=&limit=` (limit at most 200); both optional. */
export const adminUsersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_USERS_MAX_LIMIT)
    .default(ADMIN_USERS_DEFAULT_LIMIT),
  /** Finds accounts by name, email or phone (any part of it). */
  q: z
    .string()
    .trim()
    .max(80, 'Search for at most 80 characters')
    .optional()
    .transform((q) => q || undefined),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;
export const allUsersResponse = z.object({
  success: z.boolean(),
  users: z.array(publicUser),
  /** All users, for paging; added beside the original fields. */
  total: z.number().optional(),
  page: z.number().optional(),
  limit: z.number().optional(),
});
export type AllUsersResponse = z.infer<typeof allUsersResponse>;
