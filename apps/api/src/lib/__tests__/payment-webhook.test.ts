/**
 * Each gateway adapter turns its provider's webhook into the shop's provider-neutral event:
 * Razorpay and the sandbox (which sends Razorpay's format, signed with its own secret) answer
 * the same events for the same body, and a body they cannot read is refused with its reason.
 */
import { describe, expect, it } from 'vitest';
import { hmacHex, type PaymentGateway, WebhookBodyError } from '../payment-gateway/index.js';
import { createRazorpayGateway } from '../payment-gateway/razorpay.js';
import { createSandboxGateway } from '../payment-gateway/sandbox.js';

const adapters: Array<[string, PaymentGateway, string]> = [
  [
    'razorpay',
    createRazorpayGateway({
      keyId: 'rzp_test_x',
      keySecret: 'key-secret',
      webhookSecret: 'razorpay-hook-secret',
      apiUrl: 'http://127.0.0.1:9',
    }),
    'razorpay-hook-secret',
  ],
  [
    'sandbox',
    createSandboxGateway({ keySecret: 'key-secret', webhookSecret: 'sandbox-hook-secret' }),
    'sandbox-hook-secret',
  ],
];

const body = (value: unknown) => Buffer.from(JSON.stringify(value));

describe.each(adapters)('the %s adapter', (_name, gateway, secret) => {
  it('accepts only its own signature and reads the event id', () => {
    const rawBody = body({ event: 'payment.captured' });
    const signed = {
      rawBody,
      headers: { 'x-razorpay-signature': hmacHex(secret, rawBody), 'x-razorpay-event-id': 'evt_1' },
    };
    expect(gateway.authenticateWebhook(signed)).toEqual({ authentic: true, eventId: 'evt_1' });
    const wrong = { ...signed, headers: { 'x-razorpay-signature': hmacHex('other', rawBody) } };
    expect(gateway.authenticateWebhook(wrong)).toEqual({ authentic: false, eventId: undefined });
    expect(gateway.authenticateWebhook({ rawBody, headers: {} }).authentic).toBe(false);
  });

  it('reads a capture, with the order from the payment or from the order entity', () => {
    const payment = {
      id: 'pay_1',
      amount: 49_900,
      currency: 'INR',
      order_id: 'order_1',
      email: 'payer@example.com',
      contact: 919812345678,
    };
    const captured = gateway.parseWebhook(
      body({ event: 'payment.captured', payload: { payment: { entity: payment } } }),
    );
    expect(captured).toEqual({
      type: 'payment.captured',
      name: 'payment.captured',
      providerOrderId: 'order_1',
      payment: {
        id: 'pay_1',
        amountPaise: 49_900,
        currency: 'INR',
        email: 'payer@example.com',
        phone: '919812345678',
      },
    });
    const paid = gateway.parseWebhook(
      body({
        event: 'order.paid',
        payload: {
          payment: { entity: { ...payment, order_id: null, email: null, contact: null } },
          order: { entity: { id: 'order_2' } },
        },
      }),
    );
    expect(paid).toMatchObject({
      type: 'payment.captured',
      name: 'order.paid',
      providerOrderId: 'order_2',
      payment: { email: undefined, phone: undefined },
    });
  });

  it('reads a settled refund', () => {
    const refund = { id: 'rfnd_1', payment_id: 'pay_1', amount: 49_900, status: 'processed' };
    expect(
      gateway.parseWebhook(
        body({ event: 'refund.failed', payload: { refund: { entity: refund } } }),
      ),
    ).toEqual({
      type: 'refund.settled',
      name: 'refund.failed',
      refund: { id: 'rfnd_1', paymentId: 'pay_1', amount: 49_900, status: 'failed' },
    });
  });

  it('names the events the shop does not act on', () => {
    expect(gateway.parseWebhook(body({ event: 'payment.failed', payload: {} }))).toEqual({
      type: 'not_supported',
      name: 'payment.failed',
    });
    // A refund event without its refund, a capture without its payment: nothing to act on.
    expect(gateway.parseWebhook(body({ event: 'refund.processed' })).type).toBe('not_supported');
    expect(gateway.parseWebhook(body({ event: 'order.paid', payload: {} })).type).toBe(
      'not_supported',
    );
  });

  it('refuses a body it cannot read, saying why', () => {
    const reason = (raw: Buffer) => {
      try {
        gateway.parseWebhook(raw);
      } catch (err) {
        return err instanceof WebhookBodyError ? err.message : `not a WebhookBodyError: ${err}`;
      }
      return 'accepted';
    };
    expect(reason(Buffer.from('{not json'))).toBe('Malformed webhook body');
    expect(reason(body({ payload: {} }))).toBe('Unexpected webhook body');
    expect(
      reason(
        body({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_1' } } } }),
      ),
    ).toBe('Unexpected webhook body');
    expect(reason(body({ event: 'refund.processed', payload: { refund: { entity: {} } } }))).toBe(
      'Unexpected webhook body',
    );
  });
});
