import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';

/** Paths that must never reach a log line. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.otp',
  '*.token',
  '*.secret',
];

/** The asynchronous stdout of each logger made here, to be ended at shutdown. */
const stdouts = new WeakMap<Logger, ReturnType<typeof pino.destination>>();

/**
 * Logs to stdout, or to `destination` (tests read the lines from memory). Stdout is written
 * asynchronously: a request never waits for a write(2), and lines logged while one is under
 * way go out together in the next. `endLogger` writes what is left before the process exits.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const stdout = destination ? undefined : pino.destination({ dest: 1, sync: false });
  const logger = pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    destination ?? stdout,
  );
  if (stdout) stdouts.set(logger, stdout);
  return logger;
}

/** Writes every line still buffered and ends the logger's stdout (the last step of shutdown). */
export function endLogger(logger: Logger): Promise<void> {
  const stdout = stdouts.get(logger);
  if (!stdout) return Promise.resolve();
  stdouts.delete(logger);
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
}

/** What a request's log line says of it: what an operator needs, not every header. */
export const requestLogSerializers = {
  req: (req: LoggedRequest) => ({
    id: req.id,
    method: req.method,
    url: req.url,
    remoteAddress: req.remoteAddress,
  }),
  res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
};

/** The same fields for a request answered outside Express (lib/fast-lane.ts). */
export function requestLogFields(req: IncomingMessage, id: string, statusCode: number) {
  return {
    req: requestLogSerializers.req({
      id,
      method: req.method,
      url: req.url,
      remoteAddress: req.socket.remoteAddress,
    }),
    res: requestLogSerializers.res({ statusCode }),
  };
}
