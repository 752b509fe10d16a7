import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESET_REDIRECT_MS } from '@repo/shared/constants/forms';
import { toast } from '@/lib/toast';
import { mockApi, reply } from '@/testing/mock-api';
import { renderRoute } from '@/testing/test-utils';
import ForgotPasswordPage from '../forgot-password';

vi.mock('@/lib/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

const EMAIL = 'asha@example.com';

function setup(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'POST /auth/forgot-password': () => ({ message: 'OTP sent to your email' }),
    'POST /auth/verify-otp': () => ({ message: 'OTP verified' }),
    'POST /auth/reset-password': () => ({ message: 'Password has been reset' }),
    ...routes,
  });
  const view = renderRoute(
    { element: <ForgotPasswordPage />, path: '/forgotpassword' },
    { url: '/forgotpassword' },
  );
  return { api, ...view };
}

async function toOtpStep(user: ReturnType<typeof setup>['user']) {
  await user.type(screen.getByLabelText('Email Address'), EMAIL);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  return screen.findByLabelText('OTP');
}

async function toPasswordStep(user: ReturnType<typeof setup>['user']) {
  await user.type(await toOtpStep(user), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
  return screen.findByLabelText('New Password');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('forgot password, step 1 (email)', () => {
  it('asks for the email when it is empty, without calling the server', async () => {
    const { user, api } = setup();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email');
    expect(api.calls).toHaveLength(0);
  });

  it('sends the email and shows the server message in green, then the OTP step', async () => {
    const { user, api } = setup();
    await toOtpStep(user);
    expect(api.callsTo('POST /auth/forgot-password')[0]!.body).toEqual({ email: EMAIL });
    expect(screen.getByRole('status')).toHaveTextContent('OTP sent to your email');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server refusal in the red box', async () => {
    const { user } = setup({
      'POST /auth/forgot-password': () => reply(404, { success: false, message: 'User not found' }),
    });
    await user.type(screen.getByLabelText('Email Address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });

  it('falls back to "Error sending OTP"', async () => {
    const { user } = setup({ 'POST /auth/forgot-password': () => reply(500, {}) });
    await user.type(screen.getByLabelText('Email Address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error sending OTP');
  });
});

describe('forgot password, step 2 (OTP)', () => {
  it('keeps digits only, at most 6, on a numeric one-time-code input', async () => {
    const { user } = setup();
    const otp = await toOtpStep(user);
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(otp, '12a3-4 5b678');
    expect(otp).toHaveValue('123456');
  });

  it('takes a pasted code with spaces (" 880 797") as its 6 digits', async () => {
    const { user, api } = setup();
    const otp = await toOtpStep(user);
    await user.click(otp);
    await user.paste(' 880 797');
    expect(otp).toHaveValue('880797');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByLabelText('New Password');
    expect(api.callsTo('POST /auth/verify-otp')[0]!.body).toEqual({ email: EMAIL, otp: '880797' });
  });

  it('Resend code mails a new one and says so; a refusal shows the server message', async () => {
    let refuse = false;
    const { user, api } = setup({
      'POST /auth/forgot-password': () =>
        refuse
          ? reply(429, { success: false, message: 'Please wait a minute before asking again.' })
          : { message: 'OTP sent to your email' },
    });
    await toOtpStep(user);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText(`A new code is on its way to ${EMAIL}.`)).toBeInTheDocument();
    expect(api.callsTo('POST /auth/forgot-password')).toHaveLength(2);
    expect(api.callsTo('POST /auth/forgot-password')[1]!.body).toEqual({ email: EMAIL });
    expect(screen.getByLabelText('OTP')).toBeInTheDocument();

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait a minute before asking again.',
    );
  });

  it('refuses a code shorter than 6 digits', async () => {
    const { user, api } = setup();
    const otp = await toOtpStep(user);
    await user.type(otp, '123');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid 6-digit OTP');
    expect(api.callsTo('POST /auth/verify-otp')).toHaveLength(0);
  });

  it('shows the server message when the code is wrong', async () => {
    const { user } = setup({
      'POST /auth/verify-otp': () => reply(400, { message: 'OTP has expired' }),
    });
    await user.type(await toOtpStep(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP has expired');
  });

  it('falls back to "Invalid OTP"', async () => {
    const { user } = setup({ 'POST /auth/verify-otp': () => reply(400, {}) });
    await user.type(await toOtpStep(user), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP');
  });

  it('Change Email returns to step 1 and clears the message', async () => {
    const { user } = setup();
    await toOtpStep(user);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(screen.getByLabelText('Email Address')).toHaveValue(EMAIL);
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the email and the code to verify-otp', async () => {
    const { user, api } = setup();
    await toPasswordStep(user);
    expect(api.callsTo('POST /auth/verify-otp')[0]!.body).toEqual({ email: EMAIL, otp: '123456' });
  });
});

describe('forgot password, step 3 (new password)', () => {
  it.each([
    ['', '', 'All fields are required'],
    ['longenough1', '', 'All fields are required'],
    ['longenough1', 'different12', 'Passwords do not match'],
    ['short', 'short', 'Password must be at least 8 characters'],
  ])('"%s" / "%s" → %s', async (password, confirm, message) => {
    const { user, api } = setup();
    await toPasswordStep(user);
    if (password) await user.type(screen.getByLabelText('New Password'), password);
    if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(api.callsTo('POST /auth/reset-password')).toHaveLength(0);
  });

  it('offers Resend code on the reset step too: a new code, asked for on the OTP step', async () => {
    const { user, api } = setup();
    await toPasswordStep(user);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByLabelText('OTP')).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent(`A new code is on its way to ${EMAIL}.`);
    expect(api.callsTo('POST /auth/forgot-password')).toHaveLength(2);
  });

  it('shows the server message when the reset is refused', async () => {
    const { user } = setup({
      'POST /auth/reset-password': () => reply(400, { message: 'OTP expired', error: 'expired' }),
    });
    await toPasswordStep(user);
    await user.type(screen.getByLabelText('New Password'), 'newpass123');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP expired');
  });

  it('falls back to "Error resetting password"', async () => {
    const { user } = setup({ 'POST /auth/reset-password': () => reply(500, {}) });
    await toPasswordStep(user);
    await user.type(screen.getByLabelText('New Password'), 'newpass123');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error resetting password');
  });

  it('resets, says so, and goes to /login after 2 seconds', async () => {
    const { user, api } = setup();
    await toPasswordStep(user);
    await user.type(screen.getByLabelText('New Password'), 'newpass123');
    await user.type(screen.getByLabelText('Confirm Password'), 'newpass123');
    // From here the page's timers run only when the test moves the clock. Waiting for the answer
    // uses the real timers, leaving the fake clock where it is (find* and expect.poll move it).
    const realSetTimeout = globalThis.setTimeout;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    for (let i = 0; i < 2000 && !screen.queryByText('Password has been reset'); i++)
      await new Promise((resolve) => realSetTimeout(resolve, 10));

    expect(screen.getByText('Password has been reset')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/reset-password')[0]!.body).toEqual({
      email: EMAIL,
      otp: '123456',
      newPassword: 'newpass123',
      confirmPassword: 'newpass123',
    });
    expect(toast.success).toHaveBeenCalledWith('Password reset successfully');

    act(() => vi.advanceTimersByTime(RESET_REDIRECT_MS - 1));
    expect(screen.getByTestId('location')).toHaveTextContent('/forgotpassword');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it('has a Back to Login link', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});
