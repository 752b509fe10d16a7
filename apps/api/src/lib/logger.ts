import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';

/** Fields that must never reach a log line, in any object logged. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'otp',
  'token',
  'secret',
];
const SECRET_HEADERS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  'res.headers["set-cookie"]',
];

/** Paths that must never reach a log line. */
export const REDACT_PATHS = [...SECRET_HEADERS, ...SECRET_FIELDS.map((f) => `*.${f}`)];

/**
 * The same for the request log, whose lines hold only `req`, `res` and `err` (the
 * serializers below, and the error handler's `err`): the paths written out. A wildcard makes
 * every line walk every key, about 15 µs a line against 4 (a third of a cached read's CPU).
 */
export const REQUEST_LOG_REDACT_PATHS = [
  ...SECRET_HEADERS,
  ...['req', 'res', 'err'].flatMap((key) => SECRET_FIELDS.map((f) => `${key}.${f}`)),
];

/**
 * The logger for Express's request lines (pino-http's `req.log`, which the error handler
 * also logs `err` to): `logger`'s level and destination, redacting REQUEST_LOG_REDACT_PATHS.
 * Log anything else through `logger`.
 */
export function requestLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: REQUEST_LOG_REDACT_PATHS, censor: '[redacted]' } });
}

/**
 * The logger for the fast lane's lines, which hold only requestLogFields (method, URL, id,
 * address, status, time): nothing in them to redact, so no redaction pass.
 */
export function laneLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: [] } });
}

/** The asynchronous stdout of each logger made here and its flush timer, ended at shutdown. */
const stdouts = new WeakMap<
  Logger,
  { stdout: ReturnType<typeof pino.destination>; flusher: NodeJS.Timeout }
>();

/**
 * Logs to stdout, or to `destination` (tests read the lines from memory). Stdout is written
 * asynchronously: a request never waits for a write(2), and lines logged while one is under
 * way go out together in the next. `endLogger` writes what is left before the process exits.
 *
 * `batched: false` (the cluster's primary, which logs little and only what an operator waits
 * for) writes each line as soon as the last write is done.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  { batched = true }: { batched?: boolean } = {},
): Logger {
  // Lines are written in batches of 2–4 KB (a write(2) per line was a tenth of a cached read's
  // cost), and at least every second when the shop is quiet. A batch is whole lines of at most
  // 4 KB (PIPE_BUF): each write to a pipe lands whole, so the lines of several workers sharing
  // one stdout (cluster.ts) never cut into each other.
  const stdout = destination
    ? undefined
    : pino.destination({ dest: 1, sync: false, minLength: batched ? 2048 : 0, maxWrite: 4096 });
  const logger = pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    destination ?? stdout,
  );
  if (stdout) {
    const flusher = setInterval(() => stdout.flush(), 1000).unref();
    stdouts.set(logger, { stdout, flusher });
  }
  return logger;
}

/**
 * Writes the lines buffered so far now, not with the next batch: after a line someone waits for
 * (a worker serving, the shop open, a stop).
 */
export function flushLog(logger: Logger): void {
  stdouts.get(logger)?.stdout.flush();
}

/** Writes every line still buffered and ends the logger's stdout (the last step of shutdown). */
export function endLogger(logger: Logger): Promise<void> {
  const { stdout, flusher } = stdouts.get(logger) ?? {};
  if (!stdout) return Promise.resolve();
  stdouts.delete(logger);
  // A flush of an ended stdout would throw from the timer.
  clearInterval(flusher);
  return new Promise((resolve) => {
    stdout.once('close', () => resolve());
    stdout.end();
  });
}

/** The request's id: the caller's X-Request-Id when it is sane, else a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

interface LoggedRequest {
  id: unknown;
  method?: string;
  url?: string;
  remoteAddress?: string;
  /** The request itself (pino-http's): Express's `ip` is the client's address (TRUST_PROXY). */
  raw?: { ip?: string };
}

/** What a request's log line says of it: what an operator needs, not every header. */
export const requestLogSerializers = {
  req: (req: LoggedRequest) => ({
    id: req.id,
    method: req.method,
    url: req.url,
    // The client's address as Express reads it (behind nginx: from X-Forwarded-For, when the
    // peer is a trusted proxy), else the connection's peer.
    remoteAddress: req.raw?.ip ?? req.remoteAddress,
  }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

/**
 * The same fields for a request answered outside Express (lib/fast-lane.ts); `remoteAddress`: the
 * client's, as Express would read it.
 */
export function requestLogFields(
  req: IncomingMessage,
  id: string,
  statusCode: number,
  remoteAddress = req.socket.remoteAddress,
) {
  return {
    req: requestLogSerializers.req({ id, method: req.method, url: req.url, remoteAddress }),
    res: requestLogSerializers.res({ statusCode }),
  };
}
