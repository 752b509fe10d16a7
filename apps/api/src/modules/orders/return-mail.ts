/**
 * The mails of a return or exchange: one at each step (asked, approved or rejected, picked up,
 * received, the check, exchanged or refunded, the refund processed), through the mail queue.
 * Each names the pieces (tee, colour · size, quantity) and the request (what comes instead, why,
 * when it was asked), and its footer links to the order's page. A mail problem is logged, never
 * thrown (sendOrderMail).
 */
import {
  dayText,
  formatRupees,
  indiaDay,
  orderNumber,
  paiseToRupees,
  REFUND_ARRIVAL,
  RETURN_REASON_LABELS,
  RETURN_STATUS_PHRASES,
  type ReturnReason,
  variantLabel,
  type ReturnStatus,
} from '@repo/shared';
import { escapeHtml, mailPage, mailRow } from '../../lib/mailer/html.js';
import type { MailFooter } from '../../lib/mailer/footer.js';
import type { AppDeps } from '../../lib/types.js';
import { sendOrderMail } from './notices.js';
import { returnRefundOf, type LeanOrder, type StoredReturn } from './order.model.js';

const pieces = (r: StoredReturn) =>
  r.items
    .map((i) => {
      const variant = variantLabel({ colour: i.colour ?? undefined, size: i.size });
      return `${i.quantity} × ${variant ? `${i.name} (${variant})` : i.name}`;
    })
    .join(', ');

const wanted = (r: StoredReturn) =>
  r.items
    .map((i) => variantLabel({ colour: i.wantedColour ?? undefined, size: i.wantedSize ?? i.size }))
    .join(', ');

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/**
 * The request the mail is about: "Your request: return of 1 × Sunset Tee (Black · M), asked on
 * 24 November 2026 (reason: Damaged)."
 */
function requestLine(r: StoredReturn): string {
  const what =
    r.kind === 'exchange' ? `exchange of ${pieces(r)} for ${wanted(r)}` : `return of ${pieces(r)}`;
  const reason = `${RETURN_REASON_LABELS[r.reason as ReturnReason]}${r.comment ? `: ${r.comment}` : ''}`;
  return `Your request: ${what}, asked on ${dayText(indiaDay(r.createdAt))} (reason: ${reason}).`;
}

/** A return mail: the greeting, the step's words, the request, the sign-off and the footer. */
function returnMail(
  shop: string,
  to: { name: string; email: string },
  subject: string,
  r: StoredReturn,
  line: string,
  footer: MailFooter,
) {
  const request = requestLine(r);
  return {
    to: to.email,
    subject,
    text: [`Hello ${to.name},`, '', line, '', request, '', `— ${shop}`, ...footer.text].join('\n'),
    html: mailPage(shop, [
      mailRow(`Hello ${escapeHtml(to.name)},<br>${escapeHtml(line)}`),
      mailRow(escapeHtml(request)),
      ...footer.html,
    ]),
  };
}

/** What the shopper is told at `status`, in a sentence or two. */
function stepText(order: LeanOrder, r: StoredReturn): string {
  const what = r.kind === 'exchange' ? 'exchange' : 'return';
  const note = r.timeline.at(-1)?.note;
  const refund = returnRefundOf(r);
  switch (r.status as ReturnStatus) {
    case 'requested':
      return r.kind === 'exchange'
        ? `We have your request to exchange ${pieces(r)} for ${wanted(r)}. The new size is kept for you while we look at it.`
        : `We have your request to return ${pieces(r)}. We will let you know once it is approved.`;
    case 'approved':
      return `Your ${what} of ${pieces(r)} is approved. Our courier will pick the piece up from ${order.shippingAddress || 'your address'}: keep it packed with its tags.`;
    case 'rejected':
      return `We could not accept your ${what} of ${pieces(r)}: ${note ?? ''}`;
    case 'cancelled':
      return `Your ${what} request for ${pieces(r)} is cancelled, as you asked.`;
    case 'picked_up':
      return `Our courier picked up ${pieces(r)}. We will check it when it reaches us.`;
    case 'received':
      return `${pieces(r)} reached us. We are checking it now.`;
    case 'check_failed':
      return `${pieces(r)} did not pass our check (${note ?? ''}), so we are sending it back to you.`;
    case 'check_passed':
      return `${pieces(r)} passed our check. We will transfer ${rupees(refund?.amount ?? 0)} to your bank account or UPI and tell you its reference.`;
    case 'exchanged':
      return `${pieces(r)} passed our check. Your replacement (${wanted(r)}) ships at no charge as order #${r.replacement?.number ?? ''}; you will get its tracking when it leaves.`;
    case 'refunded':
      return refund?.method === 'transfer'
        ? `We transferred your refund of ${rupees(refund.amount)} for ${pieces(r)} (reference ${refund.id}).`
        : `${pieces(r)} passed our check. A refund of ${rupees(refund?.amount ?? 0)} is on its way to the way you paid; it usually arrives within ${REFUND_ARRIVAL}.`;
  }
}

/** The mail of the step the request just moved to. */
export async function mailReturnStep(deps: AppDeps, order: LeanOrder, returnId: string) {
  const r = ((order.returns ?? []) as StoredReturn[]).find((x) => String(x._id) === returnId);
  if (!r) return;
  const no = orderNumber(String(order._id));
  const what = r.kind === 'exchange' ? 'exchange' : 'return';
  const phrase = RETURN_STATUS_PHRASES[r.status as ReturnStatus];
  await sendOrderMail(deps, order, `return ${r.status}`, (shop, to, footer) =>
    returnMail(shop, to, `Your ${what} for order #${no} ${phrase}`, r, stepText(order, r), footer),
  );
}

/** The provider processed a return's refund. */
export async function mailReturnRefunded(deps: AppDeps, order: LeanOrder, returnId: string) {
  const r = ((order.returns ?? []) as StoredReturn[]).find((x) => String(x._id) === returnId);
  const refund = r && returnRefundOf(r);
  if (!refund) return;
  const no = orderNumber(String(order._id));
  await sendOrderMail(deps, order, 'return refund processed', (shop, to, footer) =>
    returnMail(
      shop,
      to,
      `Your refund for the return from order #${no} is processed`,
      r,
      `Your refund of ${rupees(refund.amount)} for ${pieces(r)} from order #${no} has been processed (reference ${refund.id}). It usually shows in your account within ${REFUND_ARRIVAL}, depending on your bank.`,
      footer,
    ),
  );
}
