// TTL monitor: like mongod's (every 60 s by default), deletes documents whose indexed date
// (the earliest one, for arrays) is older than expireAfterSeconds.
import type { Engine } from './engine.js';
import type { Doc } from './values.js';
import { typeRank } from './values.js';

export function sweepExpired(engine: Engine, now = Date.now()): number {
  let removed = 0;
  for (const colls of [...engine.dbs.values()]) {
    for (const coll of [...colls.values()]) {
      for (const index of coll.indexes.values()) {
        const secs = index.spec.expireAfterSeconds;
        if (typeof secs !== 'number' || index.fields.length !== 1) continue;
        const cutoff = now - secs * 1000;
        const expired: Doc[] = [];
        // Dates are one contiguous run in the sorted leading values.
        for (let i = index.position(new Date(-8.64e15)); i < index.sorted.length; i++) {
          const e = index.sorted[i]!;
          if (typeRank(e.value) !== 9 || (e.value as Date).getTime() > cutoff) break;
          for (const id of e.ids) {
            const doc = coll.docs.get(id);
            if (doc) expired.push(doc);
          }
        }
        for (const doc of expired) {
          coll.remove(doc);
          removed++;
        }
      }
    }
  }
  return removed;
}

export class TtlMonitor {
  private readonly timer: NodeJS.Timeout;

  constructor(engine: Engine, intervalMs: number) {
    this.timer = setInterval(() => sweepExpired(engine), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
