/**
 * The review-request mail: some days after an order is delivered (the reviews settings), its
 * buyer is asked to review what they bought, with a link to each product's review form. Once
 * per order (claimed on the order, so any number of processes running the pass mail it once),
 * and not at all when they have already reviewed everything in it. Orders delivered more than
 * REQUEST_WINDOW_DAYS before their mail was due are never asked (a shop turning this on does not
 * mail its whole history).
 */
import { sizeLabel, ONE_SIZE } from '@repo/shared';
import mongoose from 'mongoose';
import type { MailFooter } from '../../lib/mailer/footer.js';
import { escapeHtml, MAIL_STYLE, mailPage, mailRow } from '../../lib/mailer/html.js';
import type { MailMessage } from '../../lib/mailer/index.js';
import type { Job } from '../../lib/jobs.js';
import type { AppDeps } from '../../lib/types.js';
import {
  claimOrderMail,
  deliveredOrdersAwaiting,
  orderMailFooter,
  type DeliveredOrder,
} from '../orders/index.js';
import { findProductsByIds } from '../products/index.js';
import { userContact } from '../users/index.js';
import { Review } from './review.model.js';
import { reviewSettings } from './settings.js';

/** The order's `mailed` entry for this mail. */
export const REVIEW_REQUEST_MAIL = 'review-request';
export const REQUEST_WINDOW_DAYS = 30;
/** Orders one pass looks at, at most (the next pass takes the rest). */
const PASS_LIMIT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The anchor of the product page's review form: the mail's links open it. */
export const REVIEW_FORM_ANCHOR = 'write-review';

interface RequestedItem {
  name: string;
  size: string;
  url: string;
}

export function reviewRequestMail(
  shopName: string,
  to: { name: string; email: string },
  items: RequestedItem[],
  footer: MailFooter,
): MailMessage {
  const named = (i: RequestedItem) =>
    i.size === ONE_SIZE ? i.name : `${i.name} (${sizeLabel(i.size)})`;
  const subject =
    items.length === 1 ? `How is your ${items[0]!.name}?` : 'How are your new T-shirts?';
  const text = [
    `Hello ${to.name},`,
    '',
    'Your order arrived a few days ago. How does it fit? A few words and stars help other buyers choose their size.',
    '',
    ...items.map((i) => `${named(i)}: ${i.url}`),
    '',
    `Thank you! — ${shopName}`,
    ...footer.text,
  ].join('\n');
  const button =
    'display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;font-size:14px;';
  const html = mailPage(shopName, [
    mailRow(`Hello ${escapeHtml(to.name)},`),
    mailRow(
      'Your order arrived a few days ago. How does it fit? A few words and stars help other buyers choose their size.',
    ),
    ...items.map((i) =>
      mailRow(
        `${escapeHtml(named(i))}<br><a href="${escapeHtml(i.url)}" style="${button}">Review it</a>`,
      ),
    ),
    mailRow(`Thank you! — ${escapeHtml(shopName)}`, MAIL_STYLE.small),
    ...footer.html,
  ]);
  return { to: to.email, subject, text, html };
}

/** What of the order the buyer has not reviewed yet (each product once). */
async function notYetReviewed(order: DeliveredOrder): Promise<DeliveredOrder['items']> {
  const ids = [...new Set(order.items.map((i) => i.productId))];
  const reviewed = await Review.find(
    {
      user: new mongoose.Types.ObjectId(order.userId),
      product: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) },
    },
    { product: 1 },
  ).lean();
  const done = new Set(reviewed.map((r) => String(r.product)));
  return ids
    .filter((id) => !done.has(id))
    .map((id) => order.items.find((i) => i.productId === id)!);
}

/**
 * One pass: mails every order now due (delivered the settings' days before `now`) that has not
 * had its request. Answers how many were mailed and how many needed none (all reviewed already,
 * or the products or the account gone).
 */
export async function sendReviewRequests(
  deps: Pick<AppDeps, 'config' | 'logger' | 'mailer'>,
  now: Date,
  signal?: AbortSignal,
): Promise<{ mailed: number; skipped: number }> {
  const { requestDays } = await reviewSettings();
  const to = new Date(now.getTime() - requestDays * DAY_MS);
  const from = new Date(to.getTime() - REQUEST_WINDOW_DAYS * DAY_MS);
  const due = await deliveredOrdersAwaiting(REVIEW_REQUEST_MAIL, { from, to, limit: PASS_LIMIT });
  const origin = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  let mailed = 0;
  let skipped = 0;
  for (const order of due) {
    if (signal?.aborted) break;
    const open = await notYetReviewed(order);
    if (!(await claimOrderMail(order.orderId, REVIEW_REQUEST_MAIL))) continue;
    const [contact, products] = await Promise.all([
      open.length ? userContact({ id: order.userId }) : null,
      findProductsByIds(open.map((i) => i.productId)),
    ]);
    const items = open.flatMap((i) => {
      const product = products.find((p) => p._id === i.productId);
      if (!product) return [];
      const url = `${origin}/product-detail/${encodeURIComponent(product.slug)}#${REVIEW_FORM_ANCHOR}`;
      return [{ name: product.name, size: i.size, url }];
    });
    if (!contact || !items.length) {
      skipped += 1;
      continue;
    }
    try {
      const footer = await orderMailFooter(deps, order.orderId);
      await deps.mailer.send(reviewRequestMail(deps.config.shopName, contact, items, footer));
      mailed += 1;
    } catch (err) {
      deps.logger.error({ err, orderId: order.orderId }, 'review request mail failed');
    }
  }
  return { mailed, skipped };
}

/** How often the pass runs (the mail is due by the day: an hour late is on time). */
export const REVIEW_REQUEST_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The pass as a job (lib/jobs.ts): run hourly by whichever copy of the shop holds its lease,
 * stopping between two orders when that copy stops or loses the lease. Each order's claim
 * would keep its mail to one anyway.
 */
export function reviewRequestJob(deps: Pick<AppDeps, 'config' | 'logger' | 'mailer'>): Job {
  return {
    name: 'review-requests',
    everyMs: REVIEW_REQUEST_INTERVAL_MS,
    run: async ({ now, signal }) => {
      const sent = await sendReviewRequests(deps, new Date(now()), signal);
      if (sent.mailed || sent.skipped) deps.logger.info(sent, 'review requests sent');
    },
  };
}
