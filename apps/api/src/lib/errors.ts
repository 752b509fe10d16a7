/**
 * One error class for every refusal the API makes on purpose, and one handler that turns
 * any error into the JSON shape `{ success: false, message }` with the right status.
 */
import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import mongoose from 'mongoose';
import multer from 'multer';
import { ZodError } from 'zod';

export interface Issue {
  path: string;
  message: string;
}

export const DB_UNAVAILABLE = 'The shop is temporarily unavailable. Please try again shortly.';

export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
    /** Headers the answer carries (a 429's Retry-After). */
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError(400, message, extra);
export const unauthorized = (message = 'Please log in to continue') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, extra);
/** A 429 that says how long to wait, in its text and in `Retry-After` (seconds). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(
    429,
    message,
    {},
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

export function issuesOf(error: ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** A 400 listing the field issues; the message names the first. */
export function validationError(error: ZodError): AppError {
  const issues = issuesOf(error);
  const first = issues[0];
  const message = first
    ? first.path
      ? `${first.path}: ${first.message}`
      : first.message
    : 'Invalid input';
  return new AppError(400, message, { issues });
}

/** Any thrown value → [status, body]. Unknown errors become a bare 500: no stack, no internals. */
export function toErrorResponse(err: unknown): {
  status: number;
  body: Record<string, unknown>;
  expected: boolean;
} {
  if (err instanceof AppError) {
    return {
      status: err.status,
      body: { success: false, message: err.message, ...err.extra },
      expected: true,
    };
  }
  if (err instanceof ZodError) return toErrorResponse(validationError(err));
  if (err instanceof mongoose.Error.CastError) {
    return toErrorResponse(badRequest(`Invalid ${err.path}`));
  }
  if (err instanceof mongoose.Error.ValidationError) {
    const issues = Object.values(err.errors).map((e) => ({ path: e.path, message: e.message }));
    return toErrorResponse(badRequest(issues[0]?.message ?? 'Invalid input', { issues }));
  }
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE')
      return toErrorResponse(new AppError(413, 'The photo must be at most 5 MB'));
    return toErrorResponse(
      badRequest(
        err.code === 'LIMIT_UNEXPECTED_FILE' ? 'Send one photo in the "photo" field' : err.message,
      ),
    );
  }
  const e = err as {
    type?: string;
    status?: number;
    keyValue?: Record<string, unknown>;
  };
  if (isDuplicateKey(err)) {
    const field = Object.keys(e.keyValue ?? {})[0] ?? 'value';
    return toErrorResponse(conflict(`That ${field} is already taken`));
  }
  // body-parser's own errors carry a type and a status.
  if (e?.type === 'entity.parse.failed')
    return toErrorResponse(badRequest('Malformed JSON in the request body'));
  if (e?.type === 'entity.too.large')
    return toErrorResponse(new AppError(413, 'The request body is too large'));
  // Any other 4xx from a library (express.static's missing file, a bad URL encoding…): its
  // status with a fixed text, never its message, which may hold paths or internals.
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return toErrorResponse(
      e.status === 404
        ? notFound()
        : new AppError(e.status, STATUS_CODES[e.status] ?? 'Bad request'),
    );
  }
  if (isDatabaseUnavailable(err)) {
    return { status: 503, body: { success: false, message: DB_UNAVAILABLE }, expected: false };
  }
  return {
    status: 500,
    body: { success: false, message: 'Something went wrong on our side. Please try again.' },
    expected: false,
  };
}

/**
 * A write the database refused because a unique index already holds the value (MongoDB's
 * duplicate-key error, code 11000). With `field`, only a clash on that field counts.
 */
export function isDuplicateKey(err: unknown, field?: string): boolean {
  const e = err as {
    code?: number;
    keyPattern?: Record<string, unknown>;
    keyValue?: Record<string, unknown>;
  } | null;
  if (e?.code !== 11000) return false;
  return field === undefined || Boolean(e.keyPattern?.[field] ?? e.keyValue?.[field]);
}

/** The driver's errors when the database cannot be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const name = (err as Error)?.name ?? '';
  return (
    name === 'MongoServerSelectionError' ||
    name === 'MongoNetworkError' ||
    name === 'MongoNotConnectedError' ||
    name === 'MongoTopologyClosedError' ||
    name === 'MongoNetworkTimeoutError' ||
    name === 'MongooseServerSelectionError'
  );
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const { status, body, expected } = toErrorResponse(err);
  const log = req.log;
  if (!expected) log?.error({ err }, 'request failed');
  else if (status >= 500) log?.warn({ err }, 'request refused');
  if (res.headersSent) return;
  if (err instanceof AppError) res.set(err.headers);
  res.status(status).json({ ...body, requestId: req.id });
};

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`No API route for ${req.method} ${req.originalUrl.split('?')[0]}`));
};
