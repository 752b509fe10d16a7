/** Parse params, query and body with shared zod schemas before a handler sees them. */
import type { RequestHandler } from 'express';
import type { ZodType } from 'zod';
import { validationError } from './errors.js';

interface Schemas {
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
}

/**
 * Parsed body replaces req.body; parsed params and query go to res.locals
 * (Express 5 makes req.query read-only).
 */
export function validate(schemas: Schemas): RequestHandler {
  return (req, res, next) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(part === 'body' ? (req.body ?? {}) : req[part]);
      if (!result.success) return next(validationError(result.error));
      if (part === 'body') req.body = result.data;
      else res.locals[part] = result.data;
    }
    next();
  };
}
