/**
 * Mails wait in the database sealed (AES-256-GCM under a key derived from the server secret):
 * a reset mail holds its code in clear, and codes are otherwise stored only as HMACs.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { MailMessage } from './transport.js';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export const sealKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('mail-queue').digest();

export function seal(message: MailMessage, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** Throws when the text was sealed under another key (the secret changed) or was altered. */
export function unseal(sealed: string, key: Buffer): MailMessage {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const text = Buffer.concat([
    decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(text) as MailMessage;
}
