/**
 * The mail queue: every mail the shop sends goes through it. `send()` stores the message as a
 * job in `mail_jobs` and returns, so no request waits for a mail server (forgot-password answers
 * a registered email as fast as an unknown one). This process then sends it at once; a failure
 * is tried again after 30 s, 1, 2 and 4 minutes (5 attempts, all within the 10 minutes a reset
 * code lives), then the job is marked failed and an error is logged.
 *
 * Nothing accepted is lost to a crash or a restart: a job leaves the collection only once its
 * mail is sent. A process claims a job by moving its `nextAttemptAt` CLAIM_MS on, and keeps
 * moving it on while it holds the job (waiting in its memory or being sent); a process that
 * stops or dies stops renewing, so its jobs fall due CLAIM_MS later and whichever copy polls
 * next (the `mail-queue` job, lib/jobs.ts: one copy at a time) sends them: a mail may then
 * arrive twice, never not at all, and well within a reset code's life.
 *
 * A mail accepted here is stored already claimed by this process for its first attempt, which
 * starts at once from memory: one write to store it and one to remove it once sent, with no
 * round trip to claim it or to find the queue empty (a busy checkout sends one mail per order).
 * At most MAX_CLAIMED wait so; past that a mail is stored due and a pass claims it from the
 * database. A pass asked of the database takes turns with the mails in memory, so retries and
 * mail a stopped process left never wait behind a stream of new mail. Closing gives back the
 * claims of mails not yet attempted, so the next process sends them at once rather than after
 * the claim runs out.
 */
import type { Logger } from 'pino';
import { insertDocument } from '../insert-document.js';
import { MailJob } from './mail-job.model.js';
import { seal, sealKey, unseal } from './seal.js';
import type { MailMessage, MailTransport } from './transport.js';

/** The waits before the 2nd, 3rd… attempt. */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = [30_000, 60_000, 120_000, 240_000];
/**
 * How long a claim lasts unless renewed: a job held by a process that died falls due this long
 * after its last renewal. Renewed every third of it while held.
 */
export const CLAIM_MS = 30_000;
/** Mails stored claimed and waiting in memory for their first attempt, at most. */
const MAX_CLAIMED = 4;
/** How often a copy looks for retries that fell due and jobs another process left (lib/jobs.ts). */
export const MAIL_POLL_MS = 15_000;

export interface Mailer {
  readonly kind: MailTransport['kind'];
  /** Accepts a mail for sending: resolves once it is stored in the queue, not once delivered. */
  send(message: MailMessage): Promise<void>;
  /**
   * A pass over the database: retries that fell due, and jobs a process that stopped left
   * (the `mail-queue` job runs it in one copy at a time). Resolves once the queue is idle.
   */
  runDue(): Promise<void>;
  /**
   * Resolves once the pass running, if any, has ended: the mails this process stored and the
   * jobs due that a pass found have had their attempt (shutdown and tests).
   */
  idle(): Promise<void>;
  /**
   * Stops taking jobs, waits for the attempt in progress, gives back the claims of mails it had
   * not tried (they are due at once for the next process), closes the transport.
   */
  close(): Promise<void>;
}

type Job = {
  _id: unknown;
  subject: string;
  sealed: string;
  attempts: number;
};

/** A job this process stored claimed, with its message still in memory. */
type Claimed = { job: Job; message: MailMessage };

export class MailQueue implements Mailer {
  readonly kind: MailTransport['kind'];
  private readonly key: Buffer;
  private readonly now: () => number;
  private readonly retryDelays: readonly number[];
  private pass: Promise<void> | undefined;
  private again = false;
  /** Whether the pass looks in the database too (the poll), not only at `claimed`. */
  private poll = false;
  /** Mails stored claimed by send(), first in first out, for the pass to attempt. */
  private readonly claimed: Claimed[] = [];
  /** send() calls storing a claimed mail right now. */
  private claiming = 0;
  /** send() calls not yet ended: close() waits for them (one may give its claim back). */
  private readonly sending = new Set<Promise<void>>();
  private closed = false;
  /** The jobs this process holds (in memory or being sent), with their attempt: renewed. */
  private readonly held = new Map<unknown, number>();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly transport: MailTransport,
    private readonly opts: {
      logger: Logger;
      /** The server secret the stored mails are sealed under. */
      secret: string;
      /** The queue's clock (tests move it instead of waiting). */
      now?: () => number;
      retryDelaysMs?: readonly number[];
      /** How often held claims are renewed (a third of CLAIM_MS; tests shorten it). */
      renewEveryMs?: number;
    },
  ) {
    this.kind = transport.kind;
    this.key = sealKey(opts.secret);
    this.now = opts.now ?? Date.now;
    this.retryDelays = opts.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
  }

  get maxAttempts(): number {
    return this.retryDelays.length + 1;
  }

  send(message: MailMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The mail queue is closed'));
    const sent = this.store(message);
    this.sending.add(sent);
    return sent.finally(() => this.sending.delete(sent));
  }

  private async store(message: MailMessage): Promise<void> {
    const stored = { subject: message.subject, sealed: seal(message, this.key) };
    const ahead = this.claimed.length + this.claiming + (this.pass ? 1 : 0);
    if (ahead >= MAX_CLAIMED) {
      await insertDocument(MailJob, { ...stored, nextAttemptAt: new Date(this.now()) });
      void this.run(true);
      return;
    }
    this.claiming += 1;
    let doc;
    try {
      doc = await insertDocument(MailJob, {
        ...stored,
        attempts: 1,
        nextAttemptAt: new Date(this.now() + CLAIM_MS),
      });
    } finally {
      this.claiming -= 1;
    }
    // Closed while it was stored: the next process sends it.
    if (this.closed) return this.releaseClaims([doc._id]);
    const job: Job = { _id: doc._id, ...stored, attempts: 1 };
    this.hold(job);
    this.claimed.push({ job, message });
    void this.run(false);
  }

  private hold(job: Job): void {
    this.held.set(job._id, job.attempts);
    this.renewal ??= setInterval(
      () => void this.renewClaims(),
      this.opts.renewEveryMs ?? CLAIM_MS / 3,
    ).unref();
  }

  private letGo(job: Job): void {
    this.held.delete(job._id);
    if (this.held.size === 0) {
      clearInterval(this.renewal);
      this.renewal = undefined;
    }
  }

  /** Moves the claims this process holds on: it is alive, and so are they. */
  private async renewClaims(): Promise<void> {
    const until = new Date(this.now() + CLAIM_MS);
    const ops = [...this.held].map(([_id, attempts]) => ({
      // Only the attempt this process claimed (another copy that took it over has its own).
      updateOne: {
        filter: { _id, attempts, status: 'queued' },
        update: { $set: { nextAttemptAt: until } },
      },
    }));
    if (!ops.length) return;
    try {
      await MailJob.bulkWrite(ops as never, { ordered: false });
    } catch (err) {
      this.opts.logger.warn({ err: errorText(err) }, 'mail queue: could not renew its claims');
    }
  }

  /**
   * Sends every job that is due, one at a time, and resolves once the queue is idle. A call
   * while a pass runs makes that pass look again before it ends, so a job stored meanwhile is
   * not left for the next poll.
   */
  runDue(): Promise<void> {
    return this.run(true);
  }

  /** A pass over the mails this process claimed, and with `poll` over the database's too. */
  private run(poll: boolean): Promise<void> {
    this.again = true;
    this.poll ||= poll;
    this.pass ??= this.drain().finally(() => {
      this.pass = undefined;
      // A call that came as the pass was ending.
      if (this.again && !this.closed) void this.run(false);
    });
    return this.idle();
  }

  async idle(): Promise<void> {
    while (this.pass) await this.pass;
  }

  /**
   * Attempts the mails in memory and, once a pass is asked of the database, the jobs due there,
   * one of each in turn, until neither has one left.
   */
  private async drain(): Promise<void> {
    let polling = false;
    while (this.again && !this.closed) {
      this.again = false;
      for (;;) {
        if (this.closed) return;
        if (this.poll) {
          this.poll = false;
          polling = true;
        }
        let attempted = false;
        if (polling) {
          const job = await this.claimDue();
          if (job) {
            await this.attempt(job);
            attempted = true;
          } else polling = false;
        }
        const mine = this.closed ? undefined : this.claimed.shift();
        if (mine) {
          await this.attempt(mine.job, mine.message);
          attempted = true;
        }
        if (!attempted) break;
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.sending]);
    await this.idle();
    const unsent = this.claimed.splice(0).map((c) => c.job);
    for (const job of unsent) this.letGo(job);
    await this.releaseClaims(unsent.map((job) => job._id));
    this.transport.close();
  }

  /** Mails stored claimed but not attempted become due now (for the next process to send). */
  private async releaseClaims(ids: unknown[]): Promise<void> {
    if (!ids.length) return;
    try {
      await MailJob.updateMany(
        // Not yet tried: one another process took once its claim ran out is left alone.
        { _id: { $in: ids }, status: 'queued', attempts: 1 },
        { $inc: { attempts: -1 }, $set: { nextAttemptAt: new Date(this.now()) } },
      );
    } catch (err) {
      // Their claims run out instead, and any process sends them then.
      this.opts.logger.warn({ err: errorText(err) }, 'mail queue: could not release claims');
    }
  }

  /** Claims the job due first in the database; null when none is due (or it cannot be read). */
  private async claimDue(): Promise<Job | null> {
    const now = this.now();
    // Never a mail of this process's memory, even one whose claim ran out while it waited.
    const mine = this.claimed.map((c) => c.job._id);
    let job: Job | null;
    try {
      job = await MailJob.findOneAndUpdate(
        {
          status: 'queued',
          nextAttemptAt: { $lte: new Date(now) },
          ...(mine.length ? { _id: { $nin: mine } } : {}),
        },
        { $inc: { attempts: 1 }, $set: { nextAttemptAt: new Date(now + CLAIM_MS) } },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
      ).lean<Job>();
    } catch (err) {
      // The database is away: the poll tries again, and the jobs wait where they are.
      this.opts.logger.warn({ err: errorText(err) }, 'mail queue: could not read the queue');
      return null;
    }
    if (job) this.hold(job);
    return job;
  }

  /**
   * `known`: the message when this process stored it (no need to unseal it again). The claim is
   * let go before the outcome is written, so no renewal overwrites a retry's time.
   */
  private async attempt(job: Job, known?: MailMessage): Promise<void> {
    const log = { mailJob: String(job._id), subject: job.subject, attempt: job.attempts };
    let message: MailMessage;
    try {
      message = known ?? unseal(job.sealed, this.key);
    } catch {
      this.letGo(job);
      return this.giveUp(job, 'it cannot be read: JWT_SECRET changed since it was queued');
    }
    // Its last attempt was claimed by a process that stopped before recording the outcome.
    if (job.attempts > this.maxAttempts) {
      this.letGo(job);
      return this.giveUp(job, 'its last attempt did not end');
    }
    try {
      await this.transport.send(message);
    } catch (err) {
      this.letGo(job);
      if (job.attempts >= this.maxAttempts) return this.giveUp(job, errorText(err));
      const delay = this.retryDelays[job.attempts - 1]!;
      this.opts.logger.warn(
        { ...log, retryInMs: delay, err: errorText(err) },
        'mail not sent: it will be tried again',
      );
      await this.record(job, {
        nextAttemptAt: new Date(this.now() + delay),
        lastError: errorText(err),
      });
      return;
    }
    this.letGo(job);
    try {
      await MailJob.deleteOne({ _id: job._id });
    } catch (err) {
      // Sent, but still queued: it goes again once the claim runs out (a duplicate, not a loss).
      this.opts.logger.warn({ ...log, err: errorText(err) }, 'mail sent but still queued');
    }
  }

  private async giveUp(job: Job, reason: string): Promise<void> {
    this.opts.logger.error(
      { mailJob: String(job._id), subject: job.subject, attempts: job.attempts, err: reason },
      'mail not sent: gave up',
    );
    await this.record(job, {
      status: 'failed',
      failedAt: new Date(this.now()),
      lastError: reason,
    });
  }

  /** Writes an attempt's outcome; if the database is away, the claim runs out and it is retried. */
  private async record(job: Job, fields: Record<string, unknown>): Promise<void> {
    try {
      await MailJob.updateOne({ _id: job._id }, { $set: fields });
    } catch (err) {
      this.opts.logger.warn(
        { mailJob: String(job._id), err: errorText(err) },
        'mail queue: could not record an attempt',
      );
    }
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
