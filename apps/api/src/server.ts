/**
 * The shop's entry (`node dist/server.js`, which `npm start` runs). With WEB_CONCURRENCY above 1
 * it is a primary and that many identical workers (cluster.ts); with 1, this one process.
 *
 * Each process loads only its part: the primary the cluster code, its embedded database and the
 * config (no Express, Mongoose or app modules: it answers no request); a worker, or the lone
 * process, the whole app (serve.ts; the first worker, or the lone process, runs the release
 * steps before it serves).
 */
import cluster from 'node:cluster';
import { runPrimary } from './cluster.js';
import { ConfigError, loadConfig } from './config/index.js';
import { createLogger } from './lib/logger.js';

/** Runs this process's part: the primary, or a serving copy. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) {
    await runPrimary(config, createLogger(config.logLevel, undefined, { batched: false }));
  } else {
    await (await import('./serve.js')).serve();
  }
}

function failedToStart(err: unknown): never {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The shop could not start:', err);
  process.exit(1);
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) main().catch(failedToStart);
