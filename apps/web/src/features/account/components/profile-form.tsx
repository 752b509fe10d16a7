/**
 * Update Profile: name, phone and address required, email read-only, password
 * optional and sent only when filled, with the current password (the server requires it, so a
 * stolen session alone cannot change the password). Saving refreshes the stored user summary.
 * An account saved before phone and address were checked shows its values as stored, each one
 * that no longer passes already marked with what to change; saving needs them fixed.
 */
import type { ProfileBody, PublicUser } from '@repo/shared';
import { PASSWORD_MIN_LENGTH } from '@repo/shared/constants/forms';
import {
  ADDRESS_HINT,
  ADDRESS_MESSAGE,
  PHONE_HINT,
  PHONE_MESSAGE,
} from '@repo/shared/constants/contact';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import { isIndianMobile, isShippingAddress } from '@repo/shared/rules/contact';
import { profileBody } from '@repo/shared/schemas';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { updateStoredUser } from '@/lib/session';
import { messageOf } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';

type Fields = {
  name: string;
  phone: string;
  address: string;
  password: string;
  currentPassword: string;
};

/** The password goes only when a new one is filled in, with the current one. */
function profileBodyOf({ password, currentPassword, ...rest }: Fields): ProfileBody {
  return password ? { ...rest, password, currentPassword } : rest;
}

export function ProfileForm({ user }: { user: PublicUser }) {
  const phone = user.phone ?? '';
  const address = user.address ?? '';
  const { form, field } = useSchemaForm({
    schema: profileBody,
    defaultValues: { name: user.name, phone, address, password: '', currentPassword: '' },
    toBody: profileBodyOf,
    initialErrors: {
      // Stored values that fail today's rules (empty ones are left to "required").
      ...(phone && !isIndianMobile(phone) ? { phone: PHONE_MESSAGE } : {}),
      ...(address && !isShippingAddress(address) ? { address: ADDRESS_MESSAGE } : {}),
    },
  });
  const update = useUpdateProfile();
  const newPassword = form.watch('password');

  async function submit(parsed: ProfileBody) {
    try {
      const data = await update.mutateAsync({ ...parsed, userId: user._id });
      if (!data.success) {
        toast.error(data.message || 'Something went wrong');
        return;
      }
      updateStoredUser(data.user, data.token);
      // As stored: the phone and the PIN code in their one form ("+91 98765 43210", "560001").
      form.reset({
        name: data.user.name,
        phone: data.user.phone,
        address: data.user.address,
        password: '',
        currentPassword: '',
      });
      toast.success(data.message);
    } catch (error) {
      toast.error(messageOf(error, 'Something went wrong'));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} className="max-w-xl space-y-4">
      <TextField
        label="Full Name"
        autoComplete="name"
        required
        maxLength={TEXT_LIMITS.personName}
        {...field('name')}
      />
      <TextField
        label="Email Address"
        type="email"
        value={user.email}
        readOnly
        hint="Your email cannot be changed."
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        maxLength={TEXT_LIMITS.phone}
        hint={PHONE_HINT}
        {...field('phone')}
      />
      <TextAreaField
        label="Shipping Address"
        autoComplete="street-address"
        required
        maxLength={TEXT_LIMITS.address}
        hint={ADDRESS_HINT}
        {...field('address')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={TEXT_LIMITS.password}
        hint={`Optional. Leave empty to keep your password; at least ${PASSWORD_MIN_LENGTH} characters.`}
        {...field('password')}
      />
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        maxLength={TEXT_LIMITS.password}
        aria-required={Boolean(newPassword)}
        hint="Needed only to set a new password."
        {...field('currentPassword')}
      />
      <Button type="submit" size="lg" loading={update.isPending}>
        Update Profile
      </Button>
    </form>
  );
}
