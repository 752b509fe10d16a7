#!/usr/bin/env node
/**
 * `pnpm docs:links`: every relative link in the repository's Markdown must resolve, to a file
 * that exists and, when it names a heading (`file.md#heading`), to a heading that exists.
 * linkinator does the checking on local files only: web addresses and mail links are skipped,
 * so the check runs offline. Markdown under node_modules, build output and local data is not
 * the project's and is left out.
 */
import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, LinkState } from 'linkinator';

const root = fileURLToPath(new URL('..', import.meta.url));
const LEFT_OUT = new Set([
  'node_modules',
  '.git',
  'dist',
  '.data',
  '.turbo',
  'coverage',
  'test-results',
  'playwright-report',
  '.test-report',
]);

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (LEFT_OUT.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [relative(root, path)] : [];
  });
}

/** A free port on loopback for linkinator's server of the repository's files. */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const files = markdownFiles(root);
const port = await freePort();
const ownFiles = `http://localhost:${port}/`;
const result = await check({
  path: files,
  serverRoot: root,
  port,
  markdown: true,
  checkFragments: true,
  // A link to a folder (GitHub lists it) resolves when the folder exists.
  directoryListing: true,
  // Offline: only links to the repository's own files (served by linkinator) are checked.
  linksToSkip: async (link) => !link.startsWith(ownFiles),
  concurrency: 20,
});

const broken = result.links.filter((link) => link.state === LinkState.BROKEN);
for (const link of broken) {
  const target = link.url.replace(ownFiles, '');
  // A missing heading comes back without its parent: the target names the file that lacks it.
  const why =
    link.status === 200
      ? 'no such heading'
      : link.status === 404
        ? 'no such file'
        : (link.failureDetails?.[0]?.message ?? `status ${link.status}`);
  console.error(
    link.parent
      ? `✖ ${link.parent.replace(ownFiles, '')}: ${target} (${why})`
      : `✖ ${target} (${why})`,
  );
}
const checked = result.links.filter((link) => link.state === LinkState.OK).length;
console.log(
  `${files.length} Markdown files, ${checked} links checked, ${broken.length} broken` +
    (broken.length ? '' : ': every relative link resolves'),
);
process.exit(broken.length ? 1 : 0);
