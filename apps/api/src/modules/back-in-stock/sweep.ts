/**
 * The back-in-stock mails: a sweep, run as a job under its lease (lib/jobs.ts) by one copy of
 * the shop at a time, finds the asks whose colour and size is in stock again (an admin's
 * restock, a cancelled order's or a return's pieces back) and mails each shopper once. Each
 * ask is claimed by one conditional write (`notifiedAt: null` → now) before its mail is
 * queued, so two sweeps meeting the same ask (a copy that lost its lease, a test racing two
 * runners) mail it once.
 */
import { colourKey, describeLine } from '@repo/shared';
import type { Job } from '../../lib/jobs.js';
import type { MailFooter } from '../../lib/mailer/footer.js';
import { escapeHtml, MAIL_STYLE, mailPage, mailRow } from '../../lib/mailer/html.js';
import type { MailMessage } from '../../lib/mailer/index.js';
import type { AppDeps } from '../../lib/types.js';
import { findProductsByIds, readStock } from '../products/index.js';
import { orderMailFooter } from '../orders/index.js';
import { BackInStock } from './back-in-stock.model.js';

const DAY_MS = 86_400_000;
/** How long an ask is kept after its mail (the TTL index then removes it). */
export const KEPT_AFTER_MAIL_DAYS = 30;
/** Asks one product's pass mails at most (the next pass takes the rest). */
const PASS_LIMIT = 500;
/** From one sweep to the next, across all copies: a restock is mailed within about this. */
export const BACK_IN_STOCK_EVERY_MS = 15_000;

type Deps = Pick<AppDeps, 'config' | 'logger' | 'mailer'>;

export function backInStockMail(
  shopName: string,
  to: string,
  item: { name: string; colour: string; size: string; url: string },
  footer: MailFooter,
): MailMessage {
  const what = describeLine(item.name, item.colour, item.size);
  const oneTime =
    'You asked us to tell you when it was back: this is the only mail about it. Sizes sell out again quickly.';
  const button =
    'display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;font-size:14px;';
  return {
    to,
    subject: `Back in stock: ${what}`,
    text: [
      'Hello,',
      '',
      `Good news: ${what} is back in stock.`,
      `See it: ${item.url}`,
      '',
      oneTime,
      '',
      `— ${shopName}`,
      ...footer.text,
    ].join('\n'),
    html: mailPage(shopName, [
      mailRow(`Hello,<br>Good news: <strong>${escapeHtml(what)}</strong> is back in stock.`),
      mailRow(`<a href="${escapeHtml(item.url)}" style="${button}">See it</a>`),
      mailRow(escapeHtml(oneTime), MAIL_STYLE.small),
      mailRow(`— ${escapeHtml(shopName)}`, MAIL_STYLE.small),
      ...footer.html,
    ]),
  };
}

/**
 * One sweep: every ask whose pair is in stock now gets its mail, once. Stops between two asks
 * once `signal` is aborted. Answers how many were mailed.
 */
export async function sendBackInStockMails(
  deps: Deps,
  { now, signal }: { now: Date; signal?: AbortSignal },
): Promise<{ mailed: number }> {
  const waiting = (await BackInStock.distinct('product', { notifiedAt: null })).map(String);
  if (!waiting.length) return { mailed: 0 };
  const stock = await readStock(waiting);
  let mailed = 0;
  let footer: MailFooter | undefined;
  for (const [productId, { colours }] of stock) {
    const back = colours.flatMap((c) =>
      c.sizes
        .filter((s) => s.quantity > 0)
        .map((s) => ({ colourKey: colourKey(c.name), size: s.size })),
    );
    if (!back.length) continue;
    const due = await BackInStock.find({ product: productId, notifiedAt: null, $or: back })
      .limit(PASS_LIMIT)
      .lean();
    if (!due.length) continue;
    const [product] = await findProductsByIds([productId]);
    if (!product) continue;
    // The shop's footer about no order: the support line (read once per sweep).
    footer ??= await orderMailFooter(deps, null);
    for (const ask of due) {
      if (signal?.aborted) return { mailed };
      const claimed = await BackInStock.updateOne(
        { _id: ask._id, notifiedAt: null },
        {
          $set: {
            notifiedAt: now,
            expiresAt: new Date(now.getTime() + KEPT_AFTER_MAIL_DAYS * DAY_MS),
          },
        },
      );
      if (claimed.modifiedCount !== 1) continue;
      // A tee in one colour names no colour (as its page's own address does).
      const url = productUrl(deps, product.slug, colours.length > 1 ? ask.colourKey : '', ask.size);
      try {
        await deps.mailer.send(
          backInStockMail(
            deps.config.shopName,
            ask.email,
            { name: product.name, colour: ask.colour, size: ask.size, url },
            footer,
          ),
        );
        mailed += 1;
      } catch (err) {
        // Not queued: the ask waits again, for the next sweep.
        await BackInStock.updateOne(
          { _id: ask._id, notifiedAt: now },
          { $set: { notifiedAt: null } },
        );
        deps.logger.error({ err, productId }, 'back-in-stock mail failed');
      }
    }
  }
  return { mailed };
}

/** The product page opening on the colour and size that is back. */
function productUrl(deps: Deps, slug: string, colour: string, size: string): string {
  const origin = deps.config.publicUrl ?? `http://localhost:${deps.config.port}`;
  const query = new URLSearchParams(colour ? { colour, size } : { size });
  return `${origin}/product-detail/${encodeURIComponent(slug)}?${query.toString()}`;
}

/** The sweep as a job: run by whichever copy of the shop holds its lease. */
export function backInStockJob(deps: Deps): Job {
  return {
    name: 'back-in-stock',
    everyMs: BACK_IN_STOCK_EVERY_MS,
    run: async ({ now, signal }) => {
      const { mailed } = await sendBackInStockMails(deps, { now: new Date(now()), signal });
      if (mailed) deps.logger.info({ mailed }, 'back-in-stock mails queued');
    },
  };
}
