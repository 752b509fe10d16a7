/**
 * Wrong passwords and codes, wherever they are checked (login, reset codes, the profile's
 * current password): the per-address ceiling they share, and the mail that tells an owner
 * their account is being guessed at (docs/operations/security.md).
 */
import { count, type LimitRule } from '../../lib/rate-limit.js';
import { escapeHtml, MAIL_STYLE, mailPage, mailRow } from '../../lib/mailer/html.js';
import type { MailMessage } from '../../lib/mailer/index.js';
import type { AppDeps } from '../../lib/types.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Wrong passwords from one address over every account: a ceiling, high enough for a mobile
 * carrier's address shared by thousands of shoppers (carrier-grade NAT), low enough to stop one
 * machine trying a password on many accounts.
 */
export const WRONG_PASSWORDS_PER_ADDRESS: LimitRule = {
  name: 'wrong-passwords-ip',
  windowMs: 15 * MINUTE,
  limit: 300,
  message: (wait) => `Too many wrong passwords from this network. Please try again in ${wait}.`,
};

/**
 * The brute-force keys (an account with one client, a signed-in user): five wrong tries free,
 * then a wait of 1 s doubling with each wrong try (1, 2, 4 … 512 s), and after 15 none until
 * the hour is over. The right password clears it.
 */
export const GUESS_DELAY = { after: 5, firstMs: 1000 } as const;
export const GUESS_DELAY_WINDOW_MS = HOUR;
export const GUESS_DELAY_LIMIT = 15;

/** The current password on the profile form, per signed-in user. */
export const WRONG_CURRENT_PASSWORDS_PER_USER: LimitRule = {
  name: 'wrong-current-password-user',
  windowMs: GUESS_DELAY_WINDOW_MS,
  limit: GUESS_DELAY_LIMIT,
  delay: GUESS_DELAY,
  message: (wait) => `Too many wrong current passwords. Please wait ${wait} before trying again.`,
};

/**
 * Wrong passwords and codes tried on one account from anywhere. It refuses nothing (the right
 * password always gets in); at the `limit`-th in its window the owner gets one mail.
 */
export const ACCOUNT_GUESSES: LimitRule = {
  name: 'account-guesses',
  windowMs: HOUR,
  limit: 10,
  message: () => '',
};

export const GUESSING_MAIL_SUBJECT = 'Someone is trying to get into your account';

export function guessingMail(opts: {
  to: string;
  name: string;
  tries: number;
  shopName: string;
}): MailMessage {
  const { to, name, tries, shopName } = opts;
  const what = `${tries} wrong passwords or reset codes were tried on your ${shopName} account (${to}) within an hour.`;
  const nobody =
    'Nobody got in: the shop slows such tries down, and the right password still works for you.';
  const advice =
    'If that was not you, choose a password you use nowhere else: in your profile, or with Forgot Password on the login page.';
  const text = [`Hello ${name},`, '', what, '', nobody, '', advice, '', shopName].join('\n');
  const html = mailPage(shopName, [
    mailRow(`Hello ${escapeHtml(name)},<br>${escapeHtml(what)}`),
    mailRow(escapeHtml(nobody)),
    mailRow(escapeHtml(advice), MAIL_STYLE.muted),
  ]);
  return { to, subject: GUESSING_MAIL_SUBJECT, text, html };
}

/** Counts a wrong password or code for a real account; the owner is mailed once a window. */
export async function noteWrongGuess(
  deps: Pick<AppDeps, 'limits' | 'mailer' | 'config'>,
  account: { _id: unknown; email: string; name: string },
): Promise<void> {
  const tries = await count(deps.limits, ACCOUNT_GUESSES, String(account._id));
  if (tries !== ACCOUNT_GUESSES.limit) return;
  await deps.mailer.send(
    guessingMail({ to: account.email, name: account.name, tries, shopName: deps.config.shopName }),
  );
}
