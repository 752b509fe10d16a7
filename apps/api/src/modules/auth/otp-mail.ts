/** The password-reset mail: a plain-text and a small inline-styled HTML body, both with the code. */
import { OTP_TTL_MINUTES } from '@repo/shared';
import { escapeHtml } from '../../lib/mailer/html.js';
import type { MailMessage } from '../../lib/mailer/index.js';

export const OTP_MAIL_SUBJECT = 'Your password reset code';

export function otpMail(opts: {
  to: string;
  name: string;
  code: string;
  shopName: string;
}): MailMessage {
  const { to, name, code, shopName } = opts;
  const validFor = `${OTP_TTL_MINUTES} minutes`;
  const text = [
    `Hello ${name},`,
    '',
    `Your ${shopName} password reset code is: ${code}`,
    '',
    `It is valid for ${validFor} and works once. Enter it on the password reset page to choose a new password.`,
    '',
    'If you did not ask to reset your password, ignore this email: your password stays the same.',
    '',
    `${shopName}`,
  ].join('\n');

  const shop = escapeHtml(shopName);
  const html = `<!doctype html>
<html lang="en">
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px;">
        <tr><td style="font-size:20px;font-weight:bold;padding-bottom:16px;">${shop}</td></tr>
        <tr><td style="font-size:15px;line-height:1.5;padding-bottom:16px;">Hello ${escapeHtml(name)},<br>use this code to reset your password:</td></tr>
        <tr><td align="center" style="padding:8px 0 16px;">
          <span style="display:inline-block;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace;background:#f4f4f5;border-radius:8px;padding:12px 20px;">${code}</span>
        </td></tr>
        <tr><td style="font-size:14px;line-height:1.5;color:#52525b;padding-bottom:8px;">It is valid for <strong>${validFor}</strong> and works once.</td></tr>
        <tr><td style="font-size:13px;line-height:1.5;color:#71717a;">If you did not ask to reset your password, ignore this email: your password stays the same.</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
  return { to, subject: OTP_MAIL_SUBJECT, text, html };
}
