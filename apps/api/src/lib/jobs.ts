/**
 * Background work done once however many copies of the shop run (workers of one machine,
 * replicas of several): each job runs every `everyMs` under a lease of its name in MongoDB
 * (lib/lease.ts). Every copy looks for due jobs; the one whose conditional write takes the
 * lease runs the job, renews the lease while it works and, once done, gives it back with the
 * job's next run. A copy that dies mid-run stops renewing: once the lease runs out (LEASE_MS)
 * another copy takes the job over. A copy that finds it has lost the lease (it was stuck past
 * it) is told through `signal`, and should stop between two steps.
 *
 * A job must be safe to run again (a run cut short is run whole by the next taker) and should
 * do its work in small steps that each stand on their own: a sweep of due documents, each
 * handled with a conditional write.
 *
 * Usage (docs/operations/scaling.md):
 *   const jobs = new Jobs({ logger });
 *   jobs.add({ name: 'review-mails', everyMs: 60_000, run: ({ now, signal }) => sendDue(now(), signal) });
 *   jobs.start();          // each copy; the lease decides which one runs it
 *   await jobs.stop();     // shutdown: waits for a run in progress, gives its lease back
 * Tests drive `tick()` with an injected clock instead of waiting for timers.
 */
import type { Logger } from 'pino';
import { ownerToken, releaseLease, renewLease, takeLease } from './lease.js';

export interface JobContext {
  /** The runner's clock. */
  now(): number;
  /** Aborted when this copy stops, or no longer holds the job (it ran past its lease). */
  signal: AbortSignal;
}

export interface Job {
  /** The lease's name: one per job, the same in every copy. */
  name: string;
  /** From the start of one run to the next, across all copies. */
  everyMs: number;
  run(ctx: JobContext): Promise<void>;
}

/** How long a run holds its job before another copy may take it over; renewed every third. */
export const LEASE_MS = 60_000;
/** How often a copy looks for a due job, at most (each job's own interval when shorter). */
const CHECK_EVERY_MS = 15_000;

export interface JobsOptions {
  logger: Logger;
  now?: () => number;
  leaseMs?: number;
}

export class Jobs {
  private readonly jobs: Job[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  /** Runs in progress in this copy, by job name. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly now: () => number;
  private readonly leaseMs: number;

  constructor(private readonly opts: JobsOptions) {
    this.now = opts.now ?? Date.now;
    this.leaseMs = opts.leaseMs ?? LEASE_MS;
  }

  add(job: Job): this {
    if (this.jobs.some((j) => j.name === job.name))
      throw new Error(`A job named ${job.name} is already added`);
    this.jobs.push(job);
    return this;
  }

  /** Looks for due jobs now and then periodically (timers that never keep the process alive). */
  start(): void {
    for (const job of this.jobs) {
      const timer = setInterval(
        () => void this.runIfDue(job),
        Math.min(job.everyMs, CHECK_EVERY_MS),
      );
      timer.unref();
      this.timers.push(timer);
      void this.runIfDue(job);
    }
  }

  /** Runs every job that is due and free, once; resolves when they have ended (tests). */
  async tick(): Promise<void> {
    await Promise.all(this.jobs.map((job) => this.runIfDue(job)));
  }

  /** Stops looking, tells a run in progress to stop, waits for it and gives its lease back. */
  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    this.stopping.abort();
    await Promise.allSettled([...this.running.values()]);
  }

  /** Runs `job` if it is due and no copy holds it; answers once this copy's run has ended. */
  private runIfDue(job: Job): Promise<void> {
    if (this.stopping.signal.aborted) return Promise.resolve();
    const current = this.running.get(job.name);
    if (current) return current;
    const run = this.takeAndRun(job)
      .catch((err: unknown) => this.opts.logger.error({ err, job: job.name }, 'a job failed'))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  private async takeAndRun(job: Job): Promise<void> {
    const owner = ownerToken(job.name);
    const started = this.now();
    if (!(await takeLease(job.name, owner, this.leaseMs, { now: started, due: true }))) return;
    const lost = new AbortController();
    const signal = AbortSignal.any([lost.signal, this.stopping.signal]);
    const renewal = setInterval(() => {
      renewLease(job.name, owner, this.leaseMs, this.now()).then(
        (held) => {
          if (!held) lost.abort();
        },
        (err: unknown) =>
          this.opts.logger.warn({ err, job: job.name }, 'a job could not renew its lease'),
      );
    }, this.leaseMs / 3);
    renewal.unref();
    let done = false;
    try {
      await job.run({ now: this.now, signal });
      done = !signal.aborted;
    } finally {
      clearInterval(renewal);
      // A run cut short by a stop stays due: another copy takes it at once.
      await releaseLease(
        job.name,
        owner,
        this.now(),
        done || !this.stopping.signal.aborted ? started + job.everyMs : undefined,
      );
    }
  }
}
