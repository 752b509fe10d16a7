/**
 * Database availability: /api/ready asks the database, and every other API call is refused
 * at once with a 503 while the driver is disconnected, instead of hanging until a timeout.
 * The driver reconnects by itself when the database returns.
 */
import type { RequestHandler } from 'express';
import mongoose from 'mongoose';
import { AppError, DB_UNAVAILABLE } from './errors.js';

const CONNECTED = 1;

export async function databaseAnswers(timeoutMs = 2000): Promise<boolean> {
  const db = mongoose.connection.db;
  if (mongoose.connection.readyState !== CONNECTED || !db) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('ping timed out')), timeoutMs);
    });
    await Promise.race([db.command({ ping: 1 }), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const requireDatabase: RequestHandler = (_req, _res, next) => {
  if (mongoose.connection.readyState !== CONNECTED) return next(new AppError(503, DB_UNAVAILABLE));
  next();
};

export function isDatabaseConnected(): boolean {
  return mongoose.connection.readyState === CONNECTED;
}
