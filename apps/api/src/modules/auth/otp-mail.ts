/** The password-reset mail: a plain-text and a small inline-styled HTML body, both with the code. */
import { OTP_TTL_MINUTES } from '@repo/shared';
import { escapeHtml, MAIL_STYLE, mailPage, mailRow } from '../../lib/mailer/html.js';
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

  const html = mailPage(shopName, [
    mailRow(`Hello ${escapeHtml(name)},<br>use this code to reset your password:`),
    `<tr><td align="center" style="padding:8px 0 16px;">
          <span style="display:inline-block;font-size:32px;font-weight:bold;letter-spacing:8px;font-family:'Courier New',monospace;background:#f4f4f5;border-radius:8px;padding:12px 20px;">${code}</span>
        </td></tr>`,
    mailRow(`It is valid for <strong>${validFor}</strong> and works once.`, MAIL_STYLE.muted),
    mailRow(
      'If you did not ask to reset your password, ignore this email: your password stays the same.',
      MAIL_STYLE.small,
    ),
  ]);
  return { to, subject: OTP_MAIL_SUBJECT, text, html };
}
