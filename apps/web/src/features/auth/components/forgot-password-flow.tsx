/**
 * Forgot password (SPEC §4, §5, §8): email → OTP → new password, then back to /login after
 * 2 seconds. Validation and server messages show in a red box, successes in a green one.
 * Forms are noValidate so the spec's own messages are the ones shown.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { OTP_LENGTH, PASSWORD_MIN_LENGTH, RESET_REDIRECT_MS } from '@repo/shared/constants';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useVerifyOtp } from '../api/verify-otp';

type Step = 'email' | 'otp' | 'password';
type Message = { tone: 'error' | 'success'; text: string } | null;

/** Keeps digits only, at most OTP_LENGTH of them. */
export function cleanOtp(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

const STEP_HINTS: Record<Step, string> = {
  email: 'Enter the email you registered with and we’ll send you a 6-digit code.',
  otp: 'Check your inbox for the 6-digit code.',
  password: 'Choose a new password.',
};

export function ForgotPasswordFlow() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const navigate = useNavigate();

  const sendOtp = useForgotPassword();
  const checkOtp = useVerifyOtp();
  const reset = useResetPassword();

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const fail = (text: string) => setMessage({ tone: 'error', text });

  async function submitEmail(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return fail('Please enter your email');
    setMessage(null);
    try {
      const data = await sendOtp.mutateAsync({ email: email.trim() });
      setMessage({ tone: 'success', text: data.message || 'OTP sent to your email' });
      setStep('otp');
    } catch (error) {
      fail(messageOf(error, 'Error sending OTP'));
    }
  }

  async function submitOtp(e: FormEvent) {
    e.preventDefault();
    if (otp.length !== OTP_LENGTH) return fail(`Please enter a valid ${OTP_LENGTH}-digit OTP`);
    setMessage(null);
    try {
      const data = await checkOtp.mutateAsync({ email: email.trim(), otp });
      setMessage({ tone: 'success', text: data.message || 'OTP verified' });
      setStep('password');
    } catch (error) {
      fail(messageOf(error, 'Invalid OTP'));
    }
  }

  async function submitPassword(e: FormEvent) {
    e.preventDefault();
    if (!newPassword || !confirmPassword) return fail('All fields are required');
    if (newPassword !== confirmPassword) return fail('Passwords do not match');
    if (newPassword.length < PASSWORD_MIN_LENGTH)
      return fail(`Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    setMessage(null);
    try {
      const data = await reset.mutateAsync({
        email: email.trim(),
        otp,
        newPassword,
        confirmPassword,
      });
      setMessage({ tone: 'success', text: data.message || 'Password reset successfully' });
      toast.success('Password reset successfully');
      redirectTimer.current = setTimeout(() => navigate(paths.login), RESET_REDIRECT_MS);
    } catch (error) {
      fail(messageOf(error, 'Error resetting password'));
    }
  }

  function changeEmail() {
    setStep('email');
    setOtp('');
    setMessage(null);
  }

  const done = reset.isSuccess;

  return (
    <div className="space-y-4">
      <ol aria-label="Steps" className="flex gap-2 text-xs font-semibold">
        {(['email', 'otp', 'password'] as const).map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={
              s === step
                ? 'flex-1 rounded-full bg-brand-600 px-1 py-1 text-center whitespace-nowrap text-white'
                : 'flex-1 rounded-full bg-slate-100 px-1 py-1 text-center whitespace-nowrap text-slate-600 dark:bg-slate-800 dark:text-slate-300'
            }
          >
            {i + 1}. {s === 'email' ? 'Email' : s === 'otp' ? 'OTP' : 'Password'}
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-600 dark:text-slate-400">{STEP_HINTS[step]}</p>
      {message && <Notice tone={message.tone}>{message.text}</Notice>}

      {step === 'email' && (
        <form noValidate onSubmit={submitEmail} className="space-y-4">
          <TextField
            label="Email Address"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" loading={sendOtp.isPending}>
            Send OTP
          </Button>
        </form>
      )}

      {step === 'otp' && (
        <form noValidate onSubmit={submitOtp} className="space-y-4">
          <p className="text-sm">
            Code sent to <span className="font-semibold break-all">{email}</span>
          </p>
          <TextField
            label="OTP"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            placeholder="6-digit code"
            className="text-center font-mono text-lg tracking-[0.5em]"
            value={otp}
            onChange={(e) => setOtp(cleanOtp(e.target.value))}
          />
          <Button type="submit" size="lg" className="w-full" loading={checkOtp.isPending}>
            Verify OTP
          </Button>
          <Button variant="ghost" className="w-full" onClick={changeEmail}>
            Change Email
          </Button>
        </form>
      )}

      {step === 'password' && (
        <form noValidate onSubmit={submitPassword} className="space-y-4">
          <TextField
            label="New Password"
            type="password"
            name="newPassword"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <TextField
            label="Confirm Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.target.value)}
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            loading={reset.isPending}
            disabled={done}
          >
            Reset Password
          </Button>
          {done && (
            <p className="text-center text-sm text-slate-600 dark:text-slate-400">
              Taking you to the login page...
            </p>
          )}
        </form>
      )}
    </div>
  );
}
