#!/usr/bin/env node
/**
 * The two commands of the README, for a fresh machine with only Node.js 20+:
 *   npm start  → install pnpm if missing, install dependencies, build, serve the shop on PORT (3000)
 *   npm test   → the same set-up, then every test of every package and the browser tests
 * (`pnpm start` and `pnpm test` do the same once pnpm is there.)
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(
  readFileSync(join(root, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

/** Test counts read from each runner's summary lines (vitest, Playwright, the conformance runner). */
const totals = { passed: 0, failed: 0, skipped: 0 };
function count(line) {
  // eslint-disable-next-line no-control-regex -- removing the terminal's colour codes
  const plain = line.replace(/\x1b\[[0-9;]*m/g, '');
  const vitest = /^(?:\S+:\s+)?\s*Tests\s+(.*)\(\d+\)\s*$/.exec(plain);
  const summary = vitest
    ? vitest[1]
    : (/^(?:\S+:\s+)?(\d+ passed, \d+ failed(?:, \d+ skipped)?)\s*$/.exec(plain)?.[1] ??
      /^\s+(\d+ (?:passed|failed|skipped|flaky))(?: \(.*\))?\s*$/.exec(plain)?.[1]);
  if (!summary) return;
  // Playwright's "flaky" tests failed once and passed on their retry.
  for (const [, n, kind] of summary.matchAll(/(\d+) (passed|failed|skipped|flaky)/g))
    totals[kind === 'flaky' ? 'passed' : kind] += Number(n);
}

/** Like `must`, while passing the output through and counting the tests it reports. */
function mustCounting(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'] });
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(count);
    });
    child.on('close', (status) => {
      count(rest);
      if (status !== 0) {
        console.log(`\n${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
        console.error(`✖ ${cmd} ${args.join(' ')} failed (exit ${status})`);
        process.exit(status ?? 1);
      }
      resolve();
    });
  });
}
function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/** pnpm as [command, ...leading args]: the installed one when it is the pinned version, else npx. */
function pnpm() {
  const r = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (r.status === 0 && r.stdout.trim() === pnpmVersion) return ['pnpm'];
  console.log(`• installing pnpm ${pnpmVersion}`);
  if (run('npm', ['install', '-g', `pnpm@${pnpmVersion}`], { stdio: 'ignore' }) === 0)
    return ['pnpm'];
  return ['npx', '--yes', `pnpm@${pnpmVersion}`];
}

function setUp() {
  const [cmd, ...pre] = pnpm();
  const p = (...args) => must(cmd, [...pre, ...args]);
  console.log('• installing dependencies');
  p('install', '--frozen-lockfile', '--prefer-offline');
  return { p, cmd, pre };
}

const command = process.argv[2];
if (command === 'start') {
  const { p } = setUp();
  console.log('• building');
  p(
    'exec',
    'turbo',
    'run',
    'build',
    '--filter=@repo/api',
    '--filter=@repo/web',
    '--output-logs=errors-only',
  );
  const args = [];
  if (existsSync(join(root, '.env'))) args.push(`--env-file=${join(root, '.env')}`);
  const server = spawn(process.execPath, [...args, join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
} else if (command === 'test') {
  const { p, cmd, pre } = setUp();
  console.log('• unit, API and conformance tests');
  await mustCounting(cmd, [
    ...pre,
    'exec',
    'turbo',
    'run',
    'test',
    '--concurrency=1',
    '--output-logs=full',
  ]);
  console.log('• browser tests');
  p(
    'exec',
    'turbo',
    'run',
    'build',
    '--filter=@repo/api',
    '--filter=@repo/web',
    '--output-logs=errors-only',
  );
  await mustCounting(cmd, [...pre, '--filter', '@repo/e2e', 'e2e']);
  console.log('\n✔ every test passed');
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
} else {
  console.error('usage: node scripts/shop.mjs start|test');
  process.exit(2);
}
