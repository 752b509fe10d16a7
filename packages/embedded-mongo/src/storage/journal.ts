// Durable storage in a data directory: `snapshot.bson` (a full image, replaced atomically by
// rename) plus `journal-<gen>.log`, an append-only log of the records applied since that
// snapshot. Each record is [u32 length][u32 crc32c][BSON]; a torn or corrupt tail (crash in
// the middle of a write) is dropped on recovery. Writes are group-committed: all records
// appended while one write+fdatasync is in flight go to disk together in the next one.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { serialize } from 'bson';
import type { Document } from 'bson';
import { crc32c } from '../wire/crc32c.js';
import { decodeBson } from './numbers.js';
import type { Durability, Engine } from './engine.js';

function writeAsync(fd: number, buf: Buffer, off: number, len: number): Promise<number> {
  return new Promise((resolve, reject) =>
    fs.write(fd, buf, off, len, null, (err, n) => (err ? reject(err) : resolve(n))),
  );
}
const fdatasyncAsync = promisify(fs.fdatasync);

const SNAPSHOT = 'snapshot.bson';
const LOCK = 'LOCK';
/**
 * The data holds whatever the application stores (password hashes, addresses, orders): only
 * the server's own user may read it, whatever the process's umask.
 */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Opens a data file private to this user, narrowing one that an older version left wider. */
function openPrivate(file: string, flags: 'a' | 'w'): number {
  const fd = fs.openSync(file, flags, FILE_MODE);
  fs.fchmodSync(fd, FILE_MODE);
  return fd;
}

/** Directories locked by this process (the LOCK file's pid check can't tell them apart). */
const lockedHere = new Set<string>();

export interface JournalOptions {
  /** Compact (snapshot + empty journal) when the journal exceeds this many bytes. */
  compactBytes?: number;
}

function frame(rec: Document): Buffer {
  const body = serialize(rec);
  const buf = Buffer.allocUnsafe(8 + body.length);
  buf.writeUInt32LE(body.length, 0);
  buf.writeUInt32LE(crc32c(body), 4);
  buf.set(body, 8);
  return buf;
}

/** Reads framed records; returns them and the offset after the last intact record. */
export function readRecords(buf: Buffer): { records: Document[]; end: number } {
  const records: Document[] = [];
  let pos = 0;
  while (pos + 8 <= buf.length) {
    const len = buf.readUInt32LE(pos);
    if (len < 5 || pos + 8 + len > buf.length) break;
    const body = buf.subarray(pos + 8, pos + 8 + len);
    if (crc32c(body) !== buf.readUInt32LE(pos + 4)) break;
    try {
      records.push(decodeBson(body));
    } catch {
      break;
    }
    pos += 8 + len;
  }
  return { records, end: pos };
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync directories; the rename is still atomic.
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class Journal implements Durability {
  private fd = -1;
  private gen = 0;
  private pending: Buffer[] = [];
  private appendedCount = 0;
  private durable = 0;
  private waiters: { seq: number; resolve: () => void; reject: (e: Error) => void }[] = [];
  private flushing: Promise<void> | undefined;
  private journalBytes = 0;
  private snapshotBytes = 0;
  private failed: Error | undefined;
  private closed = false;
  private readonly compactBytes: number;

  private constructor(
    private readonly dir: string,
    private readonly engine: Engine,
    opts: JournalOptions,
  ) {
    this.compactBytes = opts.compactBytes ?? 64 * 1024 * 1024;
  }

  /** Locks the directory, loads the snapshot, replays the journal and starts a fresh one. */
  static open(dir: string, engine: Engine, opts: JournalOptions = {}): Journal {
    fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    fs.chmodSync(dir, DIR_MODE);
    const j = new Journal(dir, engine, opts);
    j.lock();
    try {
      j.recover();
    } catch (e) {
      j.unlock();
      throw e;
    }
    engine.durability = j;
    return j;
  }

  /**
   * Loads the durable state of a data directory into `engine` without locking or changing it,
   * so it can be read while a server uses it: the snapshot plus the intact records of its
   * journal (what every acknowledged write reached). If a compaction replaced the snapshot
   * meanwhile, it reads again.
   */
  static readState(dir: string, engine: () => Engine): Engine {
    for (let attempt = 0; ; attempt++) {
      const e = engine();
      const snap = path.join(dir, SNAPSHOT);
      let gen = 0;
      if (fs.existsSync(snap)) {
        const { records } = readRecords(fs.readFileSync(snap));
        const hdr = records[0];
        if (!hdr || hdr.t !== 'hdr') throw new Error(`corrupt snapshot ${snap}`);
        gen = Number(hdr.gen);
        for (const rec of records.slice(1)) e.replay(rec);
      }
      const jpath = path.join(dir, `journal-${gen}.log`);
      try {
        for (const rec of readRecords(fs.readFileSync(jpath)).records) e.replay(rec);
        return e;
      } catch (err) {
        // The journal of this snapshot is gone: a compaction ran in between; read the new one.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 5) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !fs.existsSync(snap)) return e;
          throw err;
        }
      }
    }
  }

  private lock(): void {
    const real = fs.realpathSync(this.dir);
    if (lockedHere.has(real))
      throw new Error(`data directory ${this.dir} is already in use by this process`);
    const file = path.join(this.dir, LOCK);
    try {
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && pidAlive(pid))
        throw new Error(`data directory ${this.dir} is in use by process ${pid}`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    fs.writeFileSync(file, String(process.pid), { mode: FILE_MODE });
    lockedHere.add(real);
  }

  private unlock(): void {
    lockedHere.delete(fs.realpathSync(this.dir));
    try {
      fs.unlinkSync(path.join(this.dir, LOCK));
    } catch {
      // already gone
    }
  }

  private journalPath(gen: number): string {
    return path.join(this.dir, `journal-${gen}.log`);
  }

  private recover(): void {
    const snap = path.join(this.dir, SNAPSHOT);
    if (fs.existsSync(snap)) {
      const buf = fs.readFileSync(snap);
      const { records, end } = readRecords(buf);
      const hdr = records[0];
      if (!hdr || hdr.t !== 'hdr' || end !== buf.length)
        throw new Error(`corrupt snapshot ${snap}`);
      this.gen = Number(hdr.gen);
      for (const rec of records.slice(1)) this.engine.replay(rec);
      this.snapshotBytes = buf.length;
    }
    const jpath = this.journalPath(this.gen);
    let replayed = 0;
    if (fs.existsSync(jpath)) {
      const { records } = readRecords(fs.readFileSync(jpath));
      for (const rec of records) this.engine.replay(rec);
      replayed = records.length;
    }
    for (const f of fs.readdirSync(this.dir)) {
      if (/^journal-\d+\.log$/.test(f) && f !== `journal-${this.gen}.log`)
        fs.unlinkSync(path.join(this.dir, f));
    }
    if (replayed > 0 || !fs.existsSync(snap)) {
      // Fold the replayed journal (and any torn tail) into a new snapshot.
      this.compactSync();
    } else {
      this.fd = openPrivate(jpath, 'a');
      this.journalBytes = fs.fstatSync(this.fd).size;
    }
  }

  /** Writes a snapshot of the whole engine state and switches to an empty journal. */
  private compactSync(): void {
    const nextGen = this.gen + 1;
    const tmp = path.join(this.dir, SNAPSHOT + '.tmp');
    const fd = openPrivate(tmp, 'w');
    let bytes = 0;
    try {
      const write = (rec: Document): void => {
        const b = frame(rec);
        fs.writeSync(fd, b);
        bytes += b.length;
      };
      write({ t: 'hdr', gen: nextGen, v: 1, at: new Date() });
      for (const rec of this.engine.snapshotRecords()) write(rec);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, path.join(this.dir, SNAPSHOT));
    const newFd = openPrivate(this.journalPath(nextGen), 'w');
    fsyncDir(this.dir);
    const oldFd = this.fd;
    const oldPath = this.journalPath(this.gen);
    this.fd = newFd;
    this.gen = nextGen;
    this.journalBytes = 0;
    this.snapshotBytes = bytes;
    if (oldFd >= 0) fs.closeSync(oldFd);
    try {
      fs.unlinkSync(oldPath);
    } catch {
      // may not exist
    }
  }

  get appended(): number {
    return this.appendedCount;
  }

  append(rec: Document): void {
    if (this.closed) return;
    this.pending.push(frame(rec));
    this.appendedCount++;
    this.schedule();
  }

  flushed(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    const seq = this.appendedCount;
    if (this.durable >= seq) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ seq, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.flushing || this.closed) return;
    // setImmediate lets every write that arrives in this tick join the same fsync.
    this.flushing = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      this.flushLoop(),
    );
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
        const upto = this.appendedCount;
        this.pending = [];
        let off = 0;
        while (off < batch.length) off += await writeAsync(this.fd, batch, off, batch.length - off);
        await fdatasyncAsync(this.fd);
        this.journalBytes += batch.length;
        this.durable = upto;
        this.release();
      }
      if (this.journalBytes > Math.max(this.compactBytes, 2 * this.snapshotBytes))
        this.compactSync();
    } catch (e) {
      this.failed = e instanceof Error ? e : new Error(String(e));
      for (const w of this.waiters.splice(0)) w.reject(this.failed);
    } finally {
      this.flushing = undefined;
      if (this.pending.length > 0 && !this.failed) this.schedule();
    }
  }

  private release(): void {
    const still: typeof this.waiters = [];
    for (const w of this.waiters) {
      if (w.seq <= this.durable) w.resolve();
      else still.push(w);
    }
    this.waiters = still;
  }

  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.closed = true;
    if (this.fd >= 0) fs.closeSync(this.fd);
    this.fd = -1;
    this.unlock();
  }
}
