/**
 * The web app's server renderer: `dist/server/entry-server.cjs` of the built web app (apps/web's
 * src/entry-server.tsx, built with everything it needs bundled in), loaded by path at the first
 * render, so the API never imports the web app's source. Without that file, or when a render
 * fails, pages are served as the browser renders them (the app shell), and the failure is logged:
 * a render failure is never the visitor's error page.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Logger } from 'pino';

interface ServerEntry {
  render(url: string, answers: Record<string, unknown>): Promise<string>;
}

export interface ServerRenderer {
  /** The app root's markup for `url` (absolute), rendered from `answers`; undefined when it could not be. */
  render(url: string, answers: Record<string, unknown>): Promise<string | undefined>;
}

export const SERVER_ENTRY = join('server', 'entry-server.cjs');

export function createServerRenderer(
  webDist: string,
  logger: Pick<Logger, 'error' | 'info'>,
): ServerRenderer {
  const file = join(webDist, SERVER_ENTRY);
  let entry: ServerEntry | undefined;
  let unavailable = false;

  function load(): ServerEntry | undefined {
    if (entry || unavailable) return entry;
    if (!existsSync(file)) {
      unavailable = true;
      logger.info(
        { file },
        'no server renderer in the built web app: pages are rendered in the browser',
      );
      return undefined;
    }
    try {
      const loaded = createRequire(import.meta.url)(file) as Partial<ServerEntry>;
      if (typeof loaded.render !== 'function') throw new Error(`${file} exports no render()`);
      entry = loaded as ServerEntry;
    } catch (err) {
      unavailable = true;
      logger.error(
        { err, file },
        'the server renderer could not be loaded: pages are rendered in the browser',
      );
    }
    return entry;
  }

  return {
    async render(url, answers) {
      const renderer = load();
      if (!renderer) return undefined;
      try {
        return await renderer.render(url, answers);
      } catch (err) {
        logger.error(
          { err, url },
          'server render failed: the page is served for the browser to render',
        );
        return undefined;
      }
    },
  };
}
