import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS } from '@repo/shared';
import { setupTestApp } from '../../../test/harness.js';
import { User } from '../../users/user.model.js';
import { Otp } from '../otp.model.js';
import { codeIn, startSmtpPeer } from './smtp-peer.js';

const smtp = await startSmtpPeer();
afterAll(() => smtp.stop());
const t = await setupTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Shop <shop@example.com>' } });

beforeEach(() => {
  smtp.mails.length = 0;
});

const forgot = (email: unknown) => t.request().post('/api/auth/forgot-password').send({ email });
const verify = (email: string, otp: string) =>
  t.request().post('/api/auth/verify-otp').send({ email, otp });
const reset = (body: Record<string, unknown>) =>
  t.request().post('/api/auth/reset-password').send(body);
const login = (email: string, password: string) =>
  t.request().post('/api/auth/login').send({ email, password });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Every mail queued so far has been handed to the SMTP server (the answers do not wait). */
const mailsSent = () => t.deps.mailer.idle();

/** Asks for a code and reads it from the mail the SMTP server received. */
async function requestCode(email: string): Promise<string> {
  const before = smtp.mails.length;
  await forgot(email).expect(200);
  await mailsSent();
  expect(smtp.mails).toHaveLength(before + 1);
  return codeIn(smtp.mails.at(-1)!);
}

describe('the whole forgot-password flow over SMTP', () => {
  it('mails a code, verifies it, sets the new password and spends the code', async () => {
    const { user } = await t.createUser({ name: 'Kavya', password: 'old-password-1' });
    const res = await forgot(user.email.toUpperCase()).expect(200);
    expect(res.body.message).toMatch(/If an account exists for this email/);

    await mailsSent();
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.subject).toBe('Your password reset code');
    expect(mail.to).toMatchObject({ value: [{ address: user.email }] });
    expect(mail.from).toMatchObject({ value: [{ address: 'shop@example.com' }] });
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('10 minutes');
    expect(mail.text).toContain('Kavya');
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('10 minutes');

    const verified = await verify(user.email, code).expect(200);
    expect(verified.body).toMatchObject({ message: expect.any(String) });

    const done = await reset({
      email: user.email,
      otp: code,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    }).expect(200);
    expect(done.body).toMatchObject({ message: 'Password reset successfully' });

    await login(user.email, 'new-password-1').expect(200);
    await login(user.email, 'old-password-1').expect(401);

    // Spent: the same code works no more, for verifying or for resetting.
    expect(await Otp.countDocuments({ email: user.email })).toBe(0);
    await verify(user.email, code).expect(400);
    const again = await reset({
      email: user.email,
      otp: code,
      newPassword: 'third-password',
      confirmPassword: 'third-password',
    }).expect(400);
    expect(again.body).toMatchObject({
      success: false,
      message: expect.any(String),
      error: again.body.message,
    });
    await login(user.email, 'new-password-1').expect(200);
  });

  it('keeps only a hash of the code, valid for 10 minutes', async () => {
    const { user } = await t.createUser();
    const before = Date.now();
    const code = await requestCode(user.email);
    const after = Date.now();
    const row = await Otp.findOne({ email: user.email }).lean();
    expect(row).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.attempts).toBe(0);
    // Ten minutes from the moment of the request, however long the request took.
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(after + 10 * 60_000);
  });

  it('answers an unknown email exactly like a known one, and mails nothing', async () => {
    const { user } = await t.createUser();
    const known = await forgot(user.email).expect(200);
    const unknown = await forgot('nobody-at-all@example.com').expect(200);
    expect(unknown.body).toEqual({ ...known.body, requestId: unknown.body.requestId });
    await mailsSent();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toMatchObject({ value: [{ address: user.email }] });

    // Guessing at either answers the same too.
    const a = await verify(user.email, '000000');
    const b = await verify('nobody-at-all@example.com', '000000');
    expect([a.status, b.status]).toEqual([400, 400]);
    expect(b.body.message).toBe(a.body.message);
  });

  it('refuses a wrong code, counting down the tries', async () => {
    const { user } = await t.createUser();
    const code = await requestCode(user.email);
    const res = await verify(user.email, wrongCode(code)).expect(400);
    expect(res.body).toMatchObject({
      success: false,
      message: `Invalid OTP. ${OTP_MAX_ATTEMPTS - 1} tries left.`,
    });
    expect((await Otp.findOne({ email: user.email }).lean())!.attempts).toBe(1);
    // The right code still works, and does not use a try.
    await verify(user.email, code).expect(200);
    expect((await Otp.findOne({ email: user.email }).lean())!.attempts).toBe(1);
  });

  it('after 5 wrong tries refuses even the right code, until a new one is asked for', async () => {
    const { user } = await t.createUser({ password: 'old-password-1' });
    const code = await requestCode(user.email);
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i += 1) {
      const wrong =
        i % 2
          ? verify(user.email, wrongCode(code))
          : reset({
              email: user.email,
              otp: wrongCode(code),
              newPassword: 'new-password-1',
              confirmPassword: 'new-password-1',
            });
      await wrong.expect(400);
    }
    const refused = await verify(user.email, code).expect(400);
    expect(refused.body.message).toBe('Too many wrong tries. Please request a new OTP.');
    await reset({
      email: user.email,
      otp: code,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    }).expect(400);
    await login(user.email, 'old-password-1').expect(200);

    const fresh = await requestCode(user.email);
    await verify(user.email, fresh).expect(200);
  });

  it('does not let parallel guesses get past the limit', async () => {
    const { user } = await t.createUser();
    const code = await requestCode(user.email);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      verify(user.email, wrongCode(String((Number(code) + i) % 1_000_000))),
    );
    const results = await Promise.all(guesses);
    expect(results.every((r) => r.status === 400)).toBe(true);
    expect((await Otp.findOne({ email: user.email }).lean())!.attempts).toBe(OTP_MAX_ATTEMPTS);
    await verify(user.email, code).expect(400);
  });

  it('refuses an expired code', async () => {
    const { user } = await t.createUser({ password: 'old-password-1' });
    const code = await requestCode(user.email);
    await Otp.updateOne(
      { email: user.email },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const res = await verify(user.email, code).expect(400);
    expect(res.body.message).toBe(
      'This OTP has expired or was never requested. Please request a new one.',
    );
    const r = await reset({
      email: user.email,
      otp: code,
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    }).expect(400);
    expect(r.body).toMatchObject({ message: res.body.message, error: res.body.message });
    await login(user.email, 'old-password-1').expect(200);
  });

  it('replaces the old code with a new request', async () => {
    const { user } = await t.createUser();
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);
    expect(await Otp.countDocuments({ email: user.email })).toBe(1);
    if (first !== second) await verify(user.email, first).expect(400);
    await verify(user.email, second).expect(200);
  });

  it('lets only one of two simultaneous resets spend a code', async () => {
    const { user } = await t.createUser();
    const code = await requestCode(user.email);
    const results = await Promise.all([
      reset({
        email: user.email,
        otp: code,
        newPassword: 'racer-one-pw',
        confirmPassword: 'racer-one-pw',
      }),
      reset({
        email: user.email,
        otp: code,
        newPassword: 'racer-two-pw',
        confirmPassword: 'racer-two-pw',
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner =
      results.find((r) => r.status === 200) === results[0] ? 'racer-one-pw' : 'racer-two-pw';
    await login(user.email, winner).expect(200);
  });

  it('escapes the name in the HTML mail', async () => {
    const res = await t
      .request()
      .post('/api/auth/register')
      .send({
        name: '<img src=x onerror=alert(1)>',
        email: 'html-name@example.com',
        password: 'password-123',
        phone: '9876543210',
        address: '3 Beach Road, Goa 403001',
      })
      .expect(201);
    await requestCode(res.body.user.email);
    const html = smtp.mails.at(-1)!.html as string;
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('reset-password refusals carry message and error', () => {
  const body = (patch: Record<string, unknown>) => ({
    email: 'someone@example.com',
    otp: '123456',
    newPassword: 'new-password-1',
    confirmPassword: 'new-password-1',
    ...patch,
  });

  it.each([
    [{ confirmPassword: 'other-password-1' }, 'Passwords do not match'],
    [{ newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ newPassword: 'short', confirmPassword: 'shorter' }, 'Passwords do not match'],
    [{ confirmPassword: '' }, 'All fields are required'],
    [{ otp: undefined }, 'All fields are required'],
    [{ otp: '12ab56' }, 'Please enter a valid 6-digit OTP'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
  ])('%o → 400 "%s"', async (patch, message) => {
    const res = await reset(body(patch)).expect(400);
    expect(res.body).toMatchObject({ success: false, message, error: message });
  });

  it('refuses operator objects', async () => {
    const { user } = await t.createUser({ password: 'old-password-1' });
    await requestCode(user.email);
    await reset(body({ email: user.email, otp: { $ne: null } })).expect(400);
    await verify(user.email, { $ne: null } as unknown as string).expect(400);
    await forgot({ $ne: null }).expect(400);
    await login(user.email, 'old-password-1').expect(200);
  });
});

describe('verify-otp and forgot-password input', () => {
  it('needs a 6-digit code and an email', async () => {
    const short = await verify('a@example.com', '12345').expect(400);
    expect(short.body.message).toContain('Please enter a valid 6-digit OTP');
    await t.request().post('/api/auth/verify-otp').send({ otp: '123456' }).expect(400);
    const res = await t.request().post('/api/auth/forgot-password').send({}).expect(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('email') });
    await forgot('not-an-email').expect(400);
    await mailsSent();
    expect(smtp.mails).toHaveLength(0);
  });

  it('does not change anything for a customer who never asked', async () => {
    const { user } = await t.createUser({ password: 'old-password-1' });
    await reset({
      email: user.email,
      otp: '123456',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    }).expect(400);
    await login(user.email, 'old-password-1').expect(200);
    expect(await User.countDocuments({ email: user.email })).toBe(1);
  });
});
