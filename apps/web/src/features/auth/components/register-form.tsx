/**
 * Register: every field required (browser-level), then checked with the
 * shared schema so a bad phone or a short password is explained next to its field.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import type { RegisterBody } from '@repo/shared';
import { PASSWORD_MIN_LENGTH } from '@repo/shared/constants/forms';
import { ADDRESS_HINT, PHONE_HINT } from '@repo/shared/constants/contact';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import { registerBody } from '@repo/shared/schemas';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useRegister } from '../api/register';
import { redirectTarget } from '../redirect';
import { signIn } from '@/lib/session';

type Fields = Required<RegisterBody>;
const empty: Fields = { name: '', email: '', password: '', phone: '', address: '' };
const LIMITS: Record<keyof Fields, number> = {
  name: TEXT_LIMITS.personName,
  email: TEXT_LIMITS.email,
  password: TEXT_LIMITS.password,
  phone: TEXT_LIMITS.phone,
  address: TEXT_LIMITS.address,
};

export function RegisterForm() {
  const { form, field: registered } = useSchemaForm({ schema: registerBody, defaultValues: empty });
  const navigate = useNavigate();
  const location = useLocation();
  const register = useRegister();

  // Every field is required (browser-level), and stops at the schema's limit.
  const field = (name: keyof Fields) => ({
    ...registered(name),
    required: true,
    maxLength: LIMITS[name],
  });

  async function submit(parsed: RegisterBody) {
    try {
      const data = await register.mutateAsync(parsed);
      if (!data.success || !data.token) {
        toast.error(data.message || 'Something went wrong');
        return;
      }
      signIn(data.token, data.user);
      toast.success(data.message || 'Registered successfully');
      navigate(redirectTarget(location.state), { replace: true });
    } catch (error) {
      // The server refused (e.g. the email is taken): its message; anything else is unexpected.
      const body = error instanceof ApiError ? error.body : {};
      toast.error(
        body.success === false && typeof body.message === 'string'
          ? body.message
          : 'Something went wrong',
      );
    }
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} className="space-y-4">
      <TextField label="Full Name" autoComplete="name" {...field('name')} />
      <TextField label="Email Address" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...field('password')}
      />
      <TextField
        label="Phone Number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={PHONE_HINT}
        {...field('phone')}
      />
      <TextAreaField
        label="Shipping Address"
        autoComplete="street-address"
        hint={ADDRESS_HINT}
        {...field('address')}
      />
      <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
        Register
      </Button>
    </form>
  );
}
