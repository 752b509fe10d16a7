/** Password hashing runs on a bounded pool of worker threads, not on the event loop. */
import bcrypt from 'bcryptjs';
import { afterAll, describe, expect, it } from 'vitest';
import { BcryptPool } from '../bcrypt-pool.js';
import { hashPassword, passwordPool, verifyPassword } from '../password.js';

const pool = new BcryptPool(2);
afterAll(() => pool.close());

describe('the bcrypt pool', () => {
  it('hashes and compares like bcryptjs', async () => {
    const hash = await pool.hash('correct-horse-9', 4);
    expect(bcrypt.getRounds(hash)).toBe(4);
    expect(await bcrypt.compare('correct-horse-9', hash)).toBe(true);
    expect(await pool.compare('correct-horse-9', hash)).toBe(true);
    expect(await pool.compare('wrong-horse-9', hash)).toBe(false);
  });

  it('runs at most `size` hashes at once and queues the rest, in order', async () => {
    const before = pool.stats().done;
    const burst = Array.from({ length: 6 }, (_, i) => pool.hash(`password-${i}`, 6));
    expect(pool.stats()).toMatchObject({ size: 2, running: 2, queued: 4 });
    const hashes = await Promise.all(burst);
    expect(pool.stats()).toMatchObject({ running: 0, queued: 0, done: before + 6 });
    for (const [i, hash] of hashes.entries())
      expect(await bcrypt.compare(`password-${i}`, hash)).toBe(true);
  });

  it('refuses a bad job without losing its thread', async () => {
    await expect(pool.hash('x', 'not a salt' as unknown as number)).rejects.toThrow(/salt/i);
    expect(await pool.compare('a', await pool.hash('a', 4))).toBe(true);
  });

  it('is what hashPassword and verifyPassword use, off the main thread', async () => {
    const before = passwordPool.stats().done;
    const pending = hashPassword('correct-horse-9');
    expect(passwordPool.stats().running + passwordPool.stats().queued).toBe(1);
    const hash = await pending;
    expect(await verifyPassword('correct-horse-9', hash)).toBe(true);
    expect(await verifyPassword('correct-horse-9', undefined)).toBe(false);
    // hash, compare, the dummy hash made once, its compare
    expect(passwordPool.stats().done).toBe(before + 4);
  });
});
