/**
 * The three forms of the forgot-password flow (react-hook-form), each checked before its call with
 * the shop's messages (docs/behaviour/storefront-and-seo.md), which the flow shows in its red box:
 * the email, the emailed code, the new password twice. The rules are react-hook-form's own, not a
 * zod schema: zod would add about 38 kB gzipped to a page that never needed it.
 */
import { useForm, type FieldErrors } from 'react-hook-form';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH } from '@repo/shared/constants/forms';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { messageOf } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useVerifyOtp } from '../api/verify-otp';

/** Keeps digits only, at most OTP_LENGTH of them: a pasted " 880 797" is "880797". */
export function cleanOtp(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/**
 * Resend code: mails a new code to `email` (the last one stops working); the flow says it was
 * sent, or the server's refusal (one a minute, five a day).
 */
function ResendCode({
  email,
  onResent,
  onFail,
  onSend,
}: StepProps & { email: string; onResent: (message: string) => void }) {
  const resend = useForgotPassword();
  async function send() {
    onSend();
    try {
      await resend.mutateAsync({ email });
      onResent(`A new code is on its way to ${email}.`);
    } catch (error) {
      onFail(messageOf(error, 'Error sending OTP'));
    }
  }
  return (
    <Button variant="ghost" className="w-full" loading={resend.isPending} onClick={send}>
      Resend code
    </Button>
  );
}

/** The message of the first field refused (a step shows one message at a time). */
const firstMessage = (errors: FieldErrors) =>
  Object.values(errors).find((error) => error?.message)?.message as string;

interface StepProps {
  /** A check or the server refused: the flow shows `message` in red. */
  onFail: (message: string) => void;
  /** The call is on its way: the flow clears its message. */
  onSend: () => void;
}

export function EmailStep({
  email,
  onSent,
  onFail,
  onSend,
}: StepProps & { email: string; onSent: (email: string, message: string) => void }) {
  const form = useForm({ defaultValues: { email } });
  const sendOtp = useForgotPassword();

  async function send(fields: { email: string }) {
    const body = { email: fields.email.trim() };
    onSend();
    try {
      const data = await sendOtp.mutateAsync(body);
      onSent(body.email, data.message || 'OTP sent to your email');
    } catch (error) {
      onFail(messageOf(error, 'Error sending OTP'));
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(send, (errors) => onFail(firstMessage(errors)))}
      className="space-y-4"
    >
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        maxLength={TEXT_LIMITS.email}
        {...form.register('email', {
          validate: (value) => Boolean(value.trim()) || 'Please enter your email',
        })}
      />
      <Button type="submit" size="lg" className="w-full" loading={sendOtp.isPending}>
        Send OTP
      </Button>
    </form>
  );
}

export function OtpStep({
  email,
  onVerified,
  onChangeEmail,
  onResent,
  onFail,
  onSend,
}: StepProps & {
  email: string;
  onVerified: (otp: string, message: string) => void;
  onChangeEmail: () => void;
  /** A new code was sent: the flow says so. */
  onResent: (message: string) => void;
}) {
  const form = useForm({ defaultValues: { otp: '' } });
  const checkOtp = useVerifyOtp();

  async function verify({ otp }: { otp: string }) {
    onSend();
    try {
      const data = await checkOtp.mutateAsync({ email, otp });
      onVerified(otp, data.message || 'OTP verified');
    } catch (error) {
      onFail(messageOf(error, 'Invalid OTP'));
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(verify, (errors) => onFail(firstMessage(errors)))}
      className="space-y-4"
    >
      <p className="text-sm">
        Code sent to <span className="font-semibold break-all">{email}</span>
      </p>
      <TextField
        label="OTP"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        // No maxLength: it would cut a pasted " 880 797" to " 880 7" before it is cleaned;
        // cleanOtp keeps at most 6 digits of whatever arrives.
        placeholder="6-digit code"
        className="text-center font-mono text-lg tracking-[0.5em]"
        {...form.register('otp', {
          validate: (value) =>
            value.length === OTP_LENGTH || `Please enter a valid ${OTP_LENGTH}-digit OTP`,
          onChange: (e: { target: { value: string } }) =>
            form.setValue('otp', cleanOtp(e.target.value)),
        })}
      />
      <Button type="submit" size="lg" className="w-full" loading={checkOtp.isPending}>
        Verify OTP
      </Button>
      <ResendCode email={email} onResent={onResent} onFail={onFail} onSend={onSend} />
      <Button variant="ghost" className="w-full" onClick={onChangeEmail}>
        Change Email
      </Button>
    </form>
  );
}

type Passwords = { newPassword: string; confirmPassword: string };

/** The checks, in this order: both filled, the same, long enough. */
function passwordProblem({ newPassword, confirmPassword }: Passwords): string | true {
  if (!newPassword || !confirmPassword) return 'All fields are required';
  if (newPassword !== confirmPassword) return 'Passwords do not match';
  if (newPassword.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return true;
}

export function PasswordStep({
  email,
  otp,
  onReset,
  onResent,
  onFail,
  onSend,
}: StepProps & {
  email: string;
  otp: string;
  onReset: (message: string) => void;
  /** A new code was sent (the one verified may have run out): the flow asks for it. */
  onResent: (message: string) => void;
}) {
  const form = useForm<Passwords>({ defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useResetPassword();
  const done = reset.isSuccess;

  async function save(passwords: Passwords) {
    onSend();
    try {
      const data = await reset.mutateAsync({ email, otp, ...passwords });
      onReset(data.message || 'Password reset successfully');
    } catch (error) {
      onFail(messageOf(error, 'Error resetting password'));
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(save, (errors) => onFail(firstMessage(errors)))}
      className="space-y-4"
    >
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        maxLength={TEXT_LIMITS.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        {...form.register('newPassword', {
          validate: (_value, passwords) => passwordProblem(passwords),
        })}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        maxLength={TEXT_LIMITS.password}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" loading={reset.isPending} disabled={done}>
        Reset Password
      </Button>
      {done ? (
        <p className="text-center text-sm text-slate-600 dark:text-slate-400">
          Taking you to the login page...
        </p>
      ) : (
        <ResendCode email={email} onResent={onResent} onFail={onFail} onSend={onSend} />
      )}
    </form>
  );
}
