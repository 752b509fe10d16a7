// maxTimeMS: a command with a time limit runs under a deadline that long-running loops check
// (every few hundred documents), failing with MaxTimeMSExpired (50) like mongod. Commands run
// synchronously on the one JS thread, so one active deadline at a time is enough. The clock is
// injectable (ServerOptions.clock) so that tests do not depend on the machine's speed.
import { ErrorCodes, MongoCommandError } from '../errors.js';

export const MAX_TIME_MS_EXPIRED = ErrorCodes.MaxTimeMSExpired;

let active: { at: number; clock: () => number } | undefined;

function expired(): MongoCommandError {
  return new MongoCommandError(MAX_TIME_MS_EXPIRED, 'operation exceeded time limit');
}

/** Runs `fn` (synchronously) under a deadline `ms` from now on `clock`; 0 means no limit. */
export function withDeadline<T>(ms: number, clock: () => number, fn: () => T): T {
  if (!ms) return fn();
  const outer = active;
  active = { at: clock() + ms, clock };
  try {
    return fn();
  } finally {
    active = outer;
  }
}

/** Throws MaxTimeMSExpired when the running command's deadline has passed. */
export function checkDeadline(): void {
  if (active && active.clock() >= active.at) throw expired();
}

/** The error a command with maxTimeMS gets under mongod's maxTimeAlwaysTimeOut fail point. */
export function maxTimeExpired(): MongoCommandError {
  return expired();
}
