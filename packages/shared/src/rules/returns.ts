/** The returns' state machine, one place for the API (which enforces it) and the admin's page. */
import type { ReturnKind, ReturnMove, ReturnStatus } from '../constants/returns.js';

/**
 * The statuses each move may start from. `check_passed` ends where the kind takes it
 * (returnPassedStatus); `refunded` records a cash-on-delivery transfer (from check_passed) or
 * asks the provider again after a refund it refused (from refunded).
 */
export const RETURN_MOVE_FROM: Record<ReturnMove, readonly ReturnStatus[]> = {
  approved: ['requested'],
  rejected: ['requested'],
  cancelled: ['requested'],
  picked_up: ['approved'],
  received: ['picked_up'],
  check_passed: ['received'],
  check_failed: ['received'],
  refunded: ['check_passed', 'refunded'],
};

/** Where a passed check leaves a request: the replacement made, the refund asked, or the COD transfer awaited. */
export function returnPassedStatus(kind: ReturnKind, paidOnline: boolean): ReturnStatus {
  if (kind === 'exchange') return 'exchanged';
  return paidOnline ? 'refunded' : 'check_passed';
}

/** The moves that need the admin's words (why it was rejected, why the check failed). */
export const RETURN_MOVES_NEEDING_NOTE: readonly ReturnMove[] = ['rejected', 'check_failed'];

/** Whether `at` is within `days` days of delivery (the last day's every moment counts). */
export function withinReturnWindow(deliveredAt: Date, days: number, at: Date): boolean {
  return at.getTime() <= returnWindowEnd(deliveredAt, days).getTime();
}

export function returnWindowEnd(deliveredAt: Date, days: number): Date {
  return new Date(deliveredAt.getTime() + days * 24 * 60 * 60 * 1000);
}
