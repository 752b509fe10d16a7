import { Router } from 'express';
import type { Auth } from '../../lib/auth.js';
import type { AppDeps } from '../../lib/types.js';
export { Product } from './product.model.js';

export function productsRouter(_deps: AppDeps, _auth: Auth): Router {
  return Router();
}
