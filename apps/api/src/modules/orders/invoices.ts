/**
 * An order's tax invoice and credit notes: issued by the gst module from what the order recorded
 * (its items and the tax worked out when it was paid), noted on the order, and served as PDFs to
 * the order's owner and admins (docs/behaviour/gst.md).
 */
import { gstSellerReady, ONE_SIZE, paiseToRupees, type GstSettings } from '@repo/shared';
import { notFound } from '../../lib/errors.js';
import type { Job } from '../../lib/jobs.js';
import type { AppDeps } from '../../lib/types.js';
import {
  documentsOf,
  finishPendingClaims,
  gstSeller,
  invoiceLines,
  issueCreditNote,
  issueInvoice,
  taxDocumentPdf,
  type CreditedPart,
  type InvoiceSubject,
  type LeanTaxDocument,
} from '../gst/index.js';
import { getSettingsOf } from '../settings/index.js';
import { userContact } from '../users/index.js';
import { discountOf, Order, paymentOf, type LeanOrder, type StoredReturn } from './order.model.js';
import { ownOrder } from './order-reads.js';

type StoredTax = NonNullable<LeanOrder['tax']>;

/**
 * A piece line's description: the T-shirt and its size, and what a code or offer took off it
 * (its taxable value is already the price less that).
 */
function describeItem(item: { name: string; size?: string | null }, offPaise: number): string {
  const name = item.size && item.size !== ONE_SIZE ? `${item.name} (${item.size})` : item.name;
  // Figures as the invoice prints them (its font has no rupee sign: "Amounts in INR").
  const figures = paiseToRupees(offPaise).toLocaleString('en-IN', { minimumFractionDigits: 2 });
  return offPaise > 0 ? `${name}, less discount ${figures}` : name;
}

/**
 * What the order tells its invoice; null when its tax was never worked out. `account`: the
 * order's account as the caller just loaded it (its name is the buyer's), saving a lookup.
 */
async function invoiceSubject(
  order: LeanOrder,
  account?: { name: string },
): Promise<InvoiceSubject | null> {
  const tax = order.tax as StoredTax | null | undefined;
  if (!tax) return null;
  account ??= (order.user ? await userContact({ id: String(order.user) }) : null) ?? undefined;
  const off = discountOf(order)?.lines ?? [];
  return {
    orderId: String(order._id),
    orderNumber: order.number ?? String(order._id).slice(-8).toUpperCase(),
    buyer: {
      name: account?.name || order.contact?.email || 'Customer',
      address: order.shippingAddress ?? '',
      state: tax.placeOfSupply ?? '',
      gstin: order.buyerGstin ?? '',
    },
    lines: invoiceLines(
      order.items.map((item, i) => ({
        description: describeItem(item, off[i]?.amountPaise ?? 0),
        quantity: item.cartQuantity,
      })),
      tax,
    ),
  };
}

/**
 * What a paid order's invoice and its confirmation mail read of the settings, in one read: the
 * seller's GST details and the shop's (the mail's footer).
 */
export const paidOrderSettings = () => getSettingsOf(['gst', 'shop'] as const);

const refOf = (doc: LeanTaxDocument) => ({ number: doc.number, issuedAt: doc.issuedAt });

/**
 * Issues the order's invoice if it has none (once, however often or concurrently asked) and notes
 * it on the order. Nothing while the seller's GST details are not set (then the order is not
 * read). A failure is logged, never thrown: a paid order stands without its invoice, and the
 * tax-documents job catches up.
 *
 * `known`, what the caller has just read (each saves a lookup): the seller's details, the order
 * as recorded (what an invoice shows of it never changes once recorded), and its account.
 */
export async function invoiceOrder(
  deps: AppDeps,
  orderId: string,
  at = deps.now(),
  known: { seller?: GstSettings; order?: LeanOrder; account?: { name: string } } = {},
): Promise<LeanTaxDocument | null> {
  try {
    const seller = known.seller ?? (await gstSeller());
    if (!gstSellerReady(seller)) return null;
    const order = known.order ?? (await Order.findById(orderId).lean<LeanOrder>());
    if (!order) return null;
    const subject = await invoiceSubject(order, known.account);
    if (!subject) return null;
    const invoice = await issueInvoice(seller, subject, at);
    if (invoice) await Order.updateOne({ _id: order._id }, { $set: { invoice: refOf(invoice) } });
    return invoice;
  } catch (err) {
    deps.logger.error({ err, orderId }, 'the tax invoice of an order could not be issued');
    return null;
  }
}

/**
 * A credit note against the order's invoice (once per purpose; none without an invoice), noted
 * on the order. Logged, never thrown, like the invoice.
 */
async function creditOrder(
  deps: AppDeps,
  orderId: string,
  input: { purpose: string; reason: string; parts?: CreditedPart[] },
  at: Date,
): Promise<LeanTaxDocument | null> {
  try {
    const note = await issueCreditNote(await gstSeller(), { orderId, ...input }, at);
    if (note)
      await Order.updateOne(
        { _id: orderId, 'creditNotes.number': { $ne: note.number } },
        { $push: { creditNotes: refOf(note) } },
      );
    return note;
  } catch (err) {
    deps.logger.error(
      { err, orderId, purpose: input.purpose },
      'a credit note could not be issued',
    );
    return null;
  }
}

/** A cancelled order's credit note: everything not credited already. */
export const creditCancelledOrder = (deps: AppDeps, orderId: string, at = deps.now()) =>
  creditOrder(deps, orderId, { purpose: 'cancel', reason: 'Order cancelled' }, at);

/**
 * A return that passed its check: the pieces given back, each on its invoice line; the return is
 * marked credited once its note exists (the tax-documents job issues the notes still owed).
 */
export async function creditReturn(
  deps: AppDeps,
  order: LeanOrder,
  r: StoredReturn,
  at = deps.now(),
): Promise<LeanTaxDocument | null> {
  const parts = r.items.flatMap((i) => {
    const line = order.items.findIndex((l) => l.itemId === i.itemId);
    return line < 0 ? [] : [{ line, quantity: i.quantity }];
  });
  const note = await creditOrder(
    deps,
    String(order._id),
    { purpose: `return:${String(r._id)}`, reason: 'Goods returned', parts },
    at,
  );
  if (note)
    await Order.updateOne(
      { _id: order._id },
      { $set: { 'returns.$[r].credited': true } },
      { arrayFilters: [{ 'r._id': r._id }] },
    );
  return note;
}

/** Return statuses after a passed check, when a return (not an exchange) owes a credit note. */
const RETURN_CREDITED_AT = ['check_passed', 'refunded'];

/**
 * The PDF of the order's invoice (`which` 0) or its `which`th credit note, for the owner or an
 * admin. An order owed an invoice gets it now if it has none yet.
 */
export async function orderDocumentPdf(
  deps: AppDeps,
  orderId: string,
  actor: { id: string; isAdmin: boolean },
  which: { kind: 'invoice' } | { kind: 'credit-note'; index: number },
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await ownOrder(orderId, actor);
  let docs = await documentsOf(orderId);
  if (!docs.some((d) => d.kind === 'invoice') && owedInvoice(order)) {
    await invoiceOrder(deps, orderId);
    docs = await documentsOf(orderId);
  }
  const doc =
    which.kind === 'invoice'
      ? docs.find((d) => d.kind === 'invoice')
      : docs.filter((d) => d.kind === 'credit-note')[which.index - 1];
  if (!doc)
    throw notFound(
      which.kind === 'invoice'
        ? 'This order has no tax invoice yet'
        : 'This order has no such credit note',
    );
  return { filename: `${doc.number.replace(/\//g, '-')}.pdf`, pdf: await taxDocumentPdf(doc) };
}

/**
 * Owed its invoice: an order with its tax recorded and no invoice yet, paid online, or paid cash
 * on delivery once it has shipped (the sale is made when it goes out: one cancelled before that
 * was never sold). One rule, as a test of one order and as a query for the job.
 */
const COD_SOLD: Array<LeanOrder['status']> = ['shipped', 'delivered'];
function owedInvoice(order: LeanOrder): boolean {
  if (order.invoice || order.tax == null) return false;
  return paymentOf(order).method !== 'cod' || COD_SOLD.includes(order.status);
}
const OWED_INVOICE = {
  invoice: null,
  tax: { $ne: null },
  $or: [{ 'payment.method': { $ne: 'cod' as const } }, { status: { $in: COD_SOLD } }],
};

/** How often the tax documents owed are looked for (one copy at a time, lib/jobs.ts). */
export const TAX_DOCUMENTS_EVERY_MS = 60_000;

/**
 * The background job that finishes a numbering claim a stopped process left and issues the
 * documents owed, so orders paid before the seller's details were set get their invoice within a
 * minute of the details being saved.
 */
export function taxDocumentsJob(deps: AppDeps): Job {
  return {
    name: 'tax-documents',
    everyMs: TAX_DOCUMENTS_EVERY_MS,
    async run() {
      await finishPendingClaims();
      const issued = await catchUpTaxDocuments(deps);
      if (issued)
        deps.logger.info({ documents: issued }, 'issued the tax documents orders were owed');
    },
  };
}

/**
 * Issues the invoices owed (paid orders without one, e.g. paid before the seller's
 * details were set) and the credit notes of cancelled invoiced orders without one, a few hundred
 * at a time. Nothing to do while the seller's details are not set.
 */
export async function catchUpTaxDocuments(deps: AppDeps): Promise<number> {
  const seller = await gstSeller();
  if (!seller.gstin) return 0;
  let done = 0;
  for (;;) {
    const owed = await Order.find(OWED_INVOICE, { _id: 1 })
      .sort({ createdAt: 1 })
      .limit(200)
      .lean();
    let issued = 0;
    for (const o of owed) if (await invoiceOrder(deps, String(o._id))) issued += 1;
    done += issued;
    if (issued < owed.length || owed.length < 200) break;
  }
  // Returns passed before the invoice existed, before a cancelled order's note (which credits
  // only what no note has credited yet); a cancelled order already credited in full is left.
  const returned = await Order.find({
    invoice: { $ne: null },
    returns: {
      $elemMatch: { kind: 'return', status: { $in: RETURN_CREDITED_AT }, credited: { $ne: true } },
    },
    $or: [{ status: { $ne: 'cancelled' } }, { creditNotes: { $size: 0 } }],
  })
    .limit(200)
    .lean<LeanOrder[]>();
  for (const order of returned)
    for (const r of (order.returns ?? []) as StoredReturn[])
      if (r.kind === 'return' && RETURN_CREDITED_AT.includes(r.status) && !r.credited)
        if (await creditReturn(deps, order, r)) done += 1;
  const cancelled = await Order.find(
    { status: 'cancelled', invoice: { $ne: null }, creditNotes: { $size: 0 } },
    { _id: 1 },
  ).lean();
  for (const o of cancelled) if (await creditCancelledOrder(deps, String(o._id))) done += 1;
  return done;
}
