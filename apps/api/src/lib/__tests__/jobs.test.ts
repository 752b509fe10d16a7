/**
 * Background jobs (lib/jobs.ts): however many copies of the shop look for them, a job runs in
 * one at a time and once per interval; a copy that dies mid-run leaves the job to another once
 * its lease has run out; a copy that ran past its lease is told; a stop gives the job back at
 * once. Copies are Jobs runners on one database, on the test's clock.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Jobs, LEASE_MS, type JobContext } from '../jobs.js';
import { Lease } from '../lease.js';
import { createLogger } from '../logger.js';
import { setupTestApp } from '../../test/harness.js';

await setupTestApp();

const errors: string[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as { level: number; msg: string; job?: string };
        if (entry.level >= 50) errors.push(`${entry.job}: ${entry.msg}`);
      }
      done();
    },
  }),
);

let clock = Date.now();
const now = () => clock;
const copies: Jobs[] = [];
/** A copy of the shop looking for jobs (its own runner, the shared database and clock). */
const copy = (leaseMs?: number) => {
  const jobs = new Jobs({ logger, now, ...(leaseMs ? { leaseMs } : {}) });
  copies.push(jobs);
  return jobs;
};
afterEach(async () => {
  await Promise.all(copies.splice(0).map((c) => c.stop()));
  await Lease.deleteMany({});
  errors.length = 0;
});

/** A job whose runs are counted, each held until the test lets it end (or its signal fires). */
function heldJob(name: string, everyMs = 30_000) {
  const runs: JobContext[] = [];
  const ends: Array<() => void> = [];
  return {
    runs,
    endAll: () => ends.splice(0).forEach((end) => end()),
    job: {
      name,
      everyMs,
      run: (ctx: JobContext) =>
        new Promise<void>((resolve) => {
          runs.push(ctx);
          ends.push(resolve);
          ctx.signal.addEventListener('abort', () => resolve());
        }),
    },
  };
}

describe('a job', () => {
  it('runs in one copy of several, once per interval', async () => {
    let runs = 0;
    const job = { name: 'sweep', everyMs: 30_000, run: async () => void (runs += 1) };
    const [a, b, c] = [copy().add(job), copy().add(job), copy().add(job)];
    await Promise.all([a.tick(), b.tick(), c.tick()]);
    expect(runs).toBe(1);
    clock += 29_999;
    await Promise.all([a.tick(), b.tick(), c.tick()]);
    expect(runs).toBe(1);
    clock += 1;
    await Promise.all([c.tick(), b.tick(), a.tick()]);
    expect(runs).toBe(2);
  });

  it('is left alone by other copies while one runs it, however long that takes', async () => {
    const held = heldJob('long-sweep', 1000);
    const a = copy().add(held.job);
    const b = copy().add(held.job);
    const running = a.tick();
    await vi.waitFor(() => expect(held.runs).toHaveLength(1), { timeout: 20_000 });
    clock += LEASE_MS - 1; // its lease has not run out (and a live copy renews it)
    await b.tick();
    expect(held.runs).toHaveLength(1);
    held.endAll();
    await running;
  });

  it('is taken over by another copy once the lease of a copy that died mid-run has run out', async () => {
    const held = heldJob('orphaned-sweep');
    const dead = copy().add(held.job);
    void dead.tick(); // it never ends nor renews: the copy died
    await vi.waitFor(() => expect(held.runs).toHaveLength(1), { timeout: 20_000 });
    const other = copy().add(held.job);
    clock += LEASE_MS - 1;
    await other.tick();
    expect(held.runs).toHaveLength(1);
    clock += 1;
    const takeover = other.tick();
    await vi.waitFor(() => expect(held.runs).toHaveLength(2), { timeout: 20_000 });
    held.endAll();
    await takeover;
  });

  it('tells a copy that ran past its lease, once another copy has taken the job, to stop', async () => {
    const held = heldJob('stalled-sweep');
    // Leases of 30 ms on the test's clock, renewed every 10 ms of real time.
    const stalled = copy(30).add(held.job);
    void stalled.tick();
    await vi.waitFor(() => expect(held.runs).toHaveLength(1), { timeout: 20_000 });
    clock += 31; // the stalled copy missed its renewals
    const other = copy(30).add(held.job);
    void other.tick();
    await vi.waitFor(() => expect(held.runs).toHaveLength(2), { timeout: 20_000 });
    await vi.waitFor(() => expect(held.runs[0]!.signal.aborted).toBe(true), { timeout: 20_000 });
    expect(held.runs[1]!.signal.aborted).toBe(false);
    held.endAll();
  });

  it('is given back when its copy stops mid-run: another copy runs it at once', async () => {
    const held = heldJob('stopped-sweep');
    const stopping = copy().add(held.job);
    void stopping.tick();
    await vi.waitFor(() => expect(held.runs).toHaveLength(1), { timeout: 20_000 });
    await stopping.stop(); // tells the run to stop (its signal), waits for it
    expect(held.runs[0]!.signal.aborted).toBe(true);
    const other = copy().add(held.job);
    void other.tick(); // same clock: nothing had to run out
    await vi.waitFor(() => expect(held.runs).toHaveLength(2), { timeout: 20_000 });
    held.endAll();
  });

  it('is logged when a run fails, and tried again at its next interval', async () => {
    let runs = 0;
    const job = {
      name: 'failing-sweep',
      everyMs: 30_000,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('provider down');
      },
    };
    const a = copy().add(job);
    await a.tick();
    expect(errors).toEqual(['failing-sweep: a job failed']);
    await a.tick();
    expect(runs).toBe(1);
    clock += 30_000;
    await a.tick();
    expect(runs).toBe(2);
  });

  it('refuses a second job of the same name in one copy', () => {
    const job = { name: 'twice', everyMs: 1000, run: async () => undefined };
    expect(() => copy().add(job).add(job)).toThrow(/already added/);
  });
});
