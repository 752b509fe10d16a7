/**
 * The order confirmation's HTML, read as a mail client shows it: the shop's styled frame (the
 * reset mail's), one line per item with its size, quantity and price, the total and the address,
 * with whatever a user typed escaped.
 */
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { mailPage } from '../../../lib/mailer/html.js';
import { cancelledMail, confirmationMail, refundProcessedMail } from '../order-mail.js';

const order = {
  _id: '65f1c0ffee00000008d68a95',
  amount: 1997,
  shippingAddress: '12 MG Road, Bengaluru 560001',
  items: [
    { name: 'Sakura Drift Tee', price: 600, cartQuantity: 2, size: 'M' },
    { name: 'Retro <Sunset> Tee', price: 499, cartQuantity: 1, size: 'XXL' },
    { name: 'Plain Tee', price: 298, cartQuantity: 1, size: 'One size' },
  ],
};

const read = (html: string) => new JSDOM(html).window.document;
const cells = (row: Element) =>
  [...row.querySelectorAll('th, td')].map((c) => c.textContent!.trim());

describe('the order confirmation mail', () => {
  const mail = confirmationMail(
    'T-Shirt Shop',
    { name: 'Asha & Co', email: 'asha@example.com' },
    order,
  );
  const doc = read(mail.html);

  it('lists each line with its size, quantity and price, then the total', () => {
    const table = doc.querySelector('table table table')!;
    expect(cells(table.querySelector(':scope > thead > tr')!)).toEqual(['Item', 'Qty', 'Price']);
    expect([...table.querySelectorAll(':scope > tbody > tr')].map(cells)).toEqual([
      ['Sakura Drift Tee (Size M)', '2', '₹1,200'],
      ['Retro <Sunset> Tee (Size XXL)', '1', '₹499'],
      ['Plain Tee', '1', '₹298'],
    ]);
    expect(cells(table.querySelector(':scope > tfoot > tr')!)).toEqual(['Total', '₹1,997']);
    // Typed text is escaped, never markup.
    expect(mail.html).toContain('Retro &lt;Sunset&gt; Tee');
    expect(doc.querySelector('Sunset')).toBeNull();
  });

  it('lists the delivery and COD fees under the items and says when it should arrive', () => {
    const withFees = confirmationMail(
      'T-Shirt Shop',
      { name: 'Asha', email: 'asha@example.com' },
      {
        ...order,
        items: [order.items[2]!],
        amount: 387,
        shippingFeePaise: 4900,
        codFeePaise: 4000,
        deliveryBy: '2026-12-03',
      },
    );
    const table = read(withFees.html).querySelector('table table table')!;
    expect([...table.querySelectorAll(':scope > tbody > tr')].map(cells)).toEqual([
      ['Plain Tee', '1', '₹298'],
      ['Delivery', '₹49'],
      ['Cash on delivery fee', '₹40'],
    ]);
    expect(cells(table.querySelector(':scope > tfoot > tr')!)).toEqual(['Total', '₹387']);
    expect(withFees.text).toContain('Delivery: ₹49\nCash on delivery fee: ₹40\n\nTotal: ₹387');
    expect(withFees.text).toContain('Expected by Thu, 3 Dec');
    expect(read(withFees.html).body.textContent).toContain('Expected by Thu, 3 Dec');
    // Free delivery and no date: nothing promised, no fee line.
    expect(mail.text).not.toMatch(/Delivery:|Expected by/);
  });

  it('greets the buyer by name, names the order and the address', () => {
    const text = doc.body.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Hello Asha & Co,');
    expect(text).toContain('thank you for your order #08D68A95. Your payment was received.');
    expect(text).toContain('Shipping to: 12 MG Road, Bengaluru 560001');
    expect(mail.subject).toBe('Your order #08D68A95 is confirmed');
  });

  it('comes in the shop’s mail frame, the reset mail’s: the shop’s name over a card', () => {
    const frame = (html: string) => {
      const card = read(html).querySelector('table table')!;
      return {
        page: read(html).body.getAttribute('style'),
        card: card.getAttribute('style'),
        brand: card.querySelector('td')!.textContent,
        brandStyle: card.querySelector('td')!.getAttribute('style'),
      };
    };
    expect(frame(mail.html)).toEqual(frame(mailPage('T-Shirt Shop', [])));
    expect(frame(mail.html)).toMatchObject({
      brand: 'T-Shirt Shop',
      card: expect.stringContaining('max-width:480px'),
    });
  });
});

describe('the discount in the mails that name an amount', () => {
  const to = { name: 'Asha', email: 'asha@example.com' };
  /** Three tees at ₹549 for ₹999 (₹648 off), then WELCOME10's ₹100: ₹899 paid. */
  const discounted = {
    ...order,
    amount: 899,
    items: [{ name: 'Plain Tee', price: 549, cartQuantity: 3, size: 'M' }],
    discount: { code: 'WELCOME10', offer: '3 for ₹999', codePaise: 10_000, offerPaise: 64_800 },
  };
  const note = 'Your order had ₹748 off: offer 3 for ₹999 −₹648, code WELCOME10 −₹100.';

  it('the confirmation lists the offer and the code under the items, the total after them', () => {
    const mail = confirmationMail('T-Shirt Shop', to, discounted);
    const table = read(mail.html).querySelector('table table table')!;
    expect([...table.querySelectorAll(':scope > tbody > tr')].map(cells)).toEqual([
      ['Plain Tee (Size M)', '3', '₹1,647'],
      ['Offer: 3 for ₹999', '−₹648'],
      ['Code WELCOME10', '−₹100'],
    ]);
    expect(mail.text).toContain('Offer: 3 for ₹999: −₹648\nCode WELCOME10: −₹100\n\nTotal: ₹899');
  });

  it('the cancelled mail says what came off beside the refund', () => {
    const notice = {
      by: 'customer' as const,
      at: new Date('2026-12-01T06:30:00Z'),
      refund: { amountPaise: 89_900, status: 'pending' as const },
    };
    const mail = cancelledMail('T-Shirt Shop', to, discounted, notice);
    expect(mail.text).toContain(`We are refunding the full ₹899`);
    expect(mail.text).toContain(note);
    expect(read(mail.html).body.textContent).toContain(note);
    // Nothing refunded (a COD order still due): no amounts, no discount.
    const unpaid = cancelledMail('T-Shirt Shop', to, discounted, { ...notice, refund: null });
    expect(unpaid.text).not.toContain('off:');
  });

  it('the refund processed mail says what came off', () => {
    const mail = refundProcessedMail('T-Shirt Shop', to, discounted, {
      id: 'rfnd_1',
      amountPaise: 89_900,
    });
    expect(mail.text).toContain('Your refund of ₹899');
    expect(mail.text).toContain(note);
    expect(read(mail.html).body.textContent).toContain(note);
  });

  it('an order at list prices says nothing of a discount', () => {
    const mail = refundProcessedMail('T-Shirt Shop', to, order, {
      id: 'rfnd_2',
      amountPaise: 199_700,
    });
    expect(mail.text).not.toContain(' off');
  });
});
