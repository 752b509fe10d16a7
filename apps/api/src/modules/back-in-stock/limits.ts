/** "Notify me" is a public write: per address, shared by every copy (lib/rate-limit.ts). */
import type { LimitRule } from '../../lib/rate-limit.js';

export const BACK_IN_STOCK_LIMITS = {
  /** Sized for an address many shoppers share (an office, a mobile carrier's). */
  perAddress: {
    name: 'back-in-stock-ip',
    windowMs: 60 * 60_000,
    limit: 30,
    message: (wait) => `Too many requests to be notified. Please try again in ${wait}.`,
  },
} as const satisfies Record<string, LimitRule>;
