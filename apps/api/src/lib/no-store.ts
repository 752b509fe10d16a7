/**
 * `Cache-Control: no-store` for answers that belong to one person (a session, an account, its
 * orders, the admin's lists): no browser, proxy or shared cache may keep them. Mount it on any
 * router or route that answers such data.
 */
import type { RequestHandler } from 'express';

export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
