/**
 * What one checkout costs the database, counted: the commands the shop sends for the bench
 * shopper's whole flow (create-order → the sandbox's pay → verify-payment, and the confirmation
 * mail stored and sent), a signed-in shopper buying two lines with no code. Each command is a
 * Mongoose cast, BSON and a socket write in the shop and a command in the database's process
 * (bench/README.md, "Where a checkout's CPU goes"), so the count is held here: a count is
 * deterministic, where a timing is not.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { describe, expect, inject, it } from 'vitest';
import type { Mailer } from '../../../lib/mailer/index.js';
import { setupTestApp } from '../../../test/harness.js';
import { Order } from '../../orders/order.model.js';
import { makeProduct, onlineTotal, payInSandbox, stockOf } from './helpers.js';

// Connected here, before the harness, to watch the driver's commands (the harness connects
// only when no connection is open yet).
await mongoose.connect(inject('mongoUri'), {
  dbName: `test_${randomBytes(6).toString('hex')}`,
  serverSelectionTimeoutMS: 5000,
  monitorCommands: true,
});

/** The queue as the shop has it, telling when the next mail handed to it is stored and sent. */
let nextMail: { resolve: () => void } | undefined;
const mailSent = () => new Promise<void>((resolve) => (nextMail = { resolve }));
function watched(mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      await mailer.send(message);
      await mailer.idle();
      nextMail?.resolve();
    },
    runDue: () => mailer.runDue(),
    idle: () => mailer.idle(),
    close: () => mailer.close(),
  };
}

const t = await setupTestApp({ overrides: (base) => ({ mailer: watched(base.mailer) }) });

/** The connection's handshakes and session ends are not the shop's commands. */
const DRIVER_OWN = new Set(['hello', 'isMaster', 'ismaster', 'endSessions', 'ping']);

/** Each command sent until `stop`, as "<command> <collection>". */
function commands() {
  const seen: string[] = [];
  const client = mongoose.connection.getClient();
  const on = (e: { commandName: string; command: Record<string, unknown> }) => {
    if (!DRIVER_OWN.has(e.commandName))
      seen.push(`${e.commandName} ${String(e.command[e.commandName])}`);
  };
  client.on('commandStarted', on);
  return { seen, stop: () => client.off('commandStarted', on) };
}

/**
 * The most commands one checkout of two lines may send: create-order 5 (the shopper, the
 * products, the offer, the settings, the checkout), the sandbox's pay 2 (the checkout reported,
 * its payment), verify-payment 12 (the shopper; the checkout reported; the products' photos;
 * the order inserted with its items claimed; the checkout paid; both lines taken in one write;
 * the stock version; the outcomes; the keys forgotten in one write; the settings; the mail
 * stored and, once sent, removed). Before 29 Nov 2026: 28.
 */
const MOST = 19;

describe('the database commands of one sandbox checkout', () => {
  it(`are ${MOST} at most for two lines, and the checkout still does all it did`, async () => {
    const a = await makeProduct({ price: 499, quantity: 5 });
    const b = await makeProduct({ price: 599, quantity: 5 });
    const shopper = await t.createUser();
    const items = [
      { _id: String(a._id), cartQuantity: 1 },
      { _id: String(b._id), cartQuantity: 2 },
    ];
    const amount = onlineTotal(499 + 2 * 599);
    const auth = { Authorization: shopper.auth };

    const sent = commands();
    const created = await t
      .request()
      .post('/api/payment/create-order')
      .set(auth)
      .send({ amount, items })
      .expect(200);
    const paid = await payInSandbox(t, created.body.order.id);
    const mailed = mailSent();
    const verified = await t
      .request()
      .post('/api/payment/verify-payment')
      .set(auth)
      .send({ ...paid, userId: shopper.id, shippingAddress: '' })
      .expect(200);
    await mailed;
    sent.stop();

    expect(sent.seen.length, sent.seen.join('\n')).toBeLessThanOrEqual(MOST);
    // Still the whole checkout: the order, its stock taken once, the mail gone out.
    const order = await Order.findById(verified.body.orderId).lean();
    expect(order?.items.map((i) => i.stock)).toEqual(['taken', 'taken']);
    expect(order?.stockClaim).toBeUndefined();
    expect([await stockOf(a._id), await stockOf(b._id)]).toEqual([4, 3]);
    expect(sent.seen.filter((c) => c === 'delete mail_jobs')).toHaveLength(1);
  });
});
