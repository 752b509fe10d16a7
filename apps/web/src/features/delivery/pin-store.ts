/** The PIN a shopper last checked delivery for, kept in the browser ('' when none). */
import { normalizePin } from '@repo/shared/rules/delivery';
import { createStore } from '@/lib/storage';

export const deliveryPinStore = createStore<string>({
  key: 'delivery-pin',
  read: (raw) => (raw ? (normalizePin(raw) ?? '') : ''),
  write: (pin) => pin || null,
});
