/** The auth module's public API. */
export { authRouter } from './auth.router.js';
