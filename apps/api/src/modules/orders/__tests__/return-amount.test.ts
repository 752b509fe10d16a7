/**
 * What a return gives back on an order paid with a discount: the pieces' price less their share
 * of the line's discount, the share rounded up so a refund never exceeds what was paid (a piece
 * of a 2-piece line with ₹80.03 off carries ₹40.02 of it).
 */
import { describe, expect, it } from 'vitest';
import type { LeanOrder, StoredReturn } from '../order.model.js';
import { returnAmountPaise } from '../return-moves.js';

const order = (discount: LeanOrder['discount']) =>
  ({
    items: [
      { itemId: 'a', price: 799, cartQuantity: 2 },
      { itemId: 'b', price: 499, cartQuantity: 1 },
    ],
    discount,
  }) as unknown as LeanOrder;
const returning = (items: Array<{ itemId: string; quantity: number }>) =>
  ({ items }) as unknown as StoredReturn;

describe('returnAmountPaise', () => {
  it('gives back the list price when the order had no discount', () => {
    expect(returnAmountPaise(order(null), returning([{ itemId: 'a', quantity: 1 }]))).toBe(79_900);
  });

  it('takes off each returned piece’s share of its line’s discount, never refunding more than paid', () => {
    const discounted = order({
      code: 'TEN',
      couponId: null,
      offer: null,
      offerId: null,
      amount: 130.03,
      amountPaise: 13_003,
      codePaise: 13_003,
      offerPaise: 0,
      lines: [
        { amountPaise: 8_003, codePaise: 8_003, offerPaise: 0 },
        { amountPaise: 5_000, codePaise: 5_000, offerPaise: 0 },
      ],
    } as LeanOrder['discount']);
    const one = returnAmountPaise(discounted, returning([{ itemId: 'a', quantity: 1 }]));
    expect(one).toBe(79_900 - 4_002);
    expect(returnAmountPaise(discounted, returning([{ itemId: 'a', quantity: 2 }]))).toBe(
      2 * 79_900 - 8_003,
    );
    expect(returnAmountPaise(discounted, returning([{ itemId: 'b', quantity: 1 }]))).toBe(
      49_900 - 5_000,
    );
  });
});
