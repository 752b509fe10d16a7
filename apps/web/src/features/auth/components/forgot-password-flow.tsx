/**
 * Forgot password: email → OTP → new password, then back to /login after
 * 2 seconds. Validation and server messages show in a red box, successes in a green one.
 * Forms are noValidate so the flow's own messages are the ones shown.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RESET_REDIRECT_MS } from '@repo/shared/constants/forms';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';
import { toast } from '@/lib/toast';
import { EmailStep, OtpStep, PasswordStep } from './forgot-password-steps';

type Step = 'email' | 'otp' | 'password';
type Message = { tone: 'error' | 'success'; text: string } | null;

const STEP_HINTS: Record<Step, string> = {
  email: 'Enter the email you registered with and we’ll send you a 6-digit code.',
  otp: 'Check your inbox for the 6-digit code.',
  password: 'Choose a new password.',
};

export function ForgotPasswordFlow() {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const navigate = useNavigate();

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const messages = {
    onFail: (text: string) => setMessage({ tone: 'error', text }),
    onSend: () => setMessage(null),
  };
  const succeed = (text: string, next: Step) => {
    setMessage({ tone: 'success', text });
    setStep(next);
  };

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
        <EmailStep
          email={email}
          onSent={(sentTo, text) => {
            setEmail(sentTo);
            succeed(text, 'otp');
          }}
          {...messages}
        />
      )}
      {step === 'otp' && (
        <OtpStep
          email={email}
          onVerified={(code, text) => {
            setOtp(code);
            succeed(text, 'password');
          }}
          onChangeEmail={() => {
            setStep('email');
            setOtp('');
            setMessage(null);
          }}
          onResent={(text) => setMessage({ tone: 'success', text })}
          {...messages}
        />
      )}
      {step === 'password' && (
        <PasswordStep
          email={email}
          otp={otp}
          onReset={(text) => {
            setMessage({ tone: 'success', text });
            toast.success('Password reset successfully');
            redirectTimer.current = setTimeout(() => navigate(paths.login), RESET_REDIRECT_MS);
          }}
          onResent={(text) => {
            setOtp('');
            succeed(text, 'otp');
          }}
          {...messages}
        />
      )}
    </div>
  );
}
