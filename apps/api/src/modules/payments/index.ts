import express, { Router } from 'express';
import type { Auth } from '../../lib/auth.js';
import type { AppDeps } from '../../lib/types.js';

export function paymentsRouter(_deps: AppDeps, _auth: Auth): Router {
  const router = Router();
  router.use(express.json({ limit: '100kb' }));
  return router;
}
