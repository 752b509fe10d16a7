import { Router } from 'express';
import type { Auth } from '../../lib/auth.js';
import type { AppDeps } from '../../lib/types.js';
export { User, toPublicUser } from './user.model.js';

export function usersRouter(_deps: AppDeps, _auth: Auth): Router {
  return Router();
}
export function adminUsersRouter(_deps: AppDeps, _auth: Auth): Router {
  return Router();
}
