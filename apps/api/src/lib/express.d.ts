import 'express';

declare global {
  namespace Express {
    interface Request {
      /** Set by the auth middleware from the token's user, loaded fresh from the database. */
      user?: { id: string; role: number; name: string; email: string; address: string };
    }
  }
}
export {};
