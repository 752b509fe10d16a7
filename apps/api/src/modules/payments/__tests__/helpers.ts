/** Test helpers for the payments and orders suites. */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import type { Mailer, MailMessage } from '../../../lib/mailer/index.js';
import { Product } from '../../products/index.js';

let counter = 0;
export async function makeProduct(fields: { name?: string; price?: number; quantity?: number } = {}) {
  counter += 1;
  const name = fields.name ?? `Test Tee ${counter}`;
  return Product.create({
    name,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`,
    description: 'A soft cotton tee.',
    price: fields.price ?? 499,
    quantity: fields.quantity ?? 10,
    shipping: true,
    category: new mongoose.Types.ObjectId(),
    photo: { key: `k${counter}`, url: `/uploads/products/k${counter}.webp`, widths: [] },
  });
}

export async function stockOf(id: unknown): Promise<number | undefined> {
  return (await Product.findById(id, { quantity: 1 }).lean())?.quantity;
}

/** A mailer that keeps what it was asked to send. */
export function recordingMailer(): Mailer & { sent: MailMessage[]; failNext: boolean } {
  const mailer = {
    kind: 'outbox' as const,
    sent: [] as MailMessage[],
    failNext: false,
    async send(message: MailMessage) {
      if (mailer.failNext) {
        mailer.failNext = false;
        throw new Error('SMTP is down');
      }
      mailer.sent.push(message);
    },
    close() {},
  };
  return mailer;
}
