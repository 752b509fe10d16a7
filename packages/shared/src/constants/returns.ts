/**
 * Returns and size exchanges of delivered orders (docs/behaviour/returns.md): what a request
 * is, where it can stand and why a shopper sends a piece back.
 */

/** Another size or colour of the same tee, or the money back. */
export const RETURN_KINDS = ['exchange', 'return'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * Where a request stands. `check_passed` is where a cash-on-delivery return waits for the
 * admin's bank or UPI transfer; an exchange that passes is `exchanged` at once, an online
 * return `refunded` (its refund then moves with the provider).
 */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'cancelled',
  'picked_up',
  'received',
  'check_failed',
  'check_passed',
  'exchanged',
  'refunded',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The moves the admin asks for (`PUT /api/orders/returns/{returnId}`); the shopper only cancels. */
export const RETURN_MOVES = [
  'approved',
  'rejected',
  'picked_up',
  'received',
  'check_passed',
  'check_failed',
  'refunded',
  'cancelled',
] as const;
export type ReturnMove = (typeof RETURN_MOVES)[number];

/** The reasons offered to the shopper; `other` needs their words. */
export const RETURN_REASONS = [
  'too_small',
  'too_big',
  'not_as_pictured',
  'damaged',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_big: 'Too big',
  not_as_pictured: 'Not as pictured',
  damaged: 'Damaged',
  other: 'Other',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  picked_up: 'Picked up',
  received: 'Received',
  check_failed: 'Check failed',
  check_passed: 'Check passed',
  exchanged: 'Exchanged',
  refunded: 'Refunded',
};

/**
 * Where a request stands, said after its subject ("This request failed its check", "Your
 * exchange for order #… has been approved"): one phrase per status, for the API's refusals of a
 * move and the subjects of the shopper's mails.
 */
export const RETURN_STATUS_PHRASES: Record<ReturnStatus, string> = {
  requested: 'is waiting for approval',
  approved: 'has been approved',
  rejected: 'was rejected',
  cancelled: 'was cancelled',
  picked_up: 'has been picked up',
  received: 'has been received',
  check_failed: 'failed its check',
  check_passed: 'passed its check',
  exchanged: 'has its replacement on the way',
  refunded: 'has been refunded',
};

/**
 * Requests waiting for the staff's next step (approve or reject, pick up, receive, check, pay
 * back a cash-on-delivery return): the admin overview counts them, and the Returns page's
 * `?status=waiting` lists them.
 */
export const RETURN_AWAITING_STAFF: readonly ReturnStatus[] = [
  'requested',
  'approved',
  'picked_up',
  'received',
  'check_passed',
];
/** The Returns page's filter for the requests awaiting staff. */
export const RETURNS_WAITING = 'waiting';

/** A request that no longer holds its pieces: they are free to be asked for again. */
export const RETURN_CLOSED_UNUSED: readonly ReturnStatus[] = ['rejected', 'cancelled'];
