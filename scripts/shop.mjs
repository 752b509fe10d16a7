#!/usr/bin/env node
/**
 * The two commands of the README, for a fresh machine with only Node.js 20+:
 *   npm start  → install pnpm if missing, install dependencies, build, serve the shop on PORT (3000)
 *   npm test   → the same set-up, then every test of every package and the browser tests
 * (`pnpm start` and `pnpm test` do the same once pnpm is there.)
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * Test counts, read from the JSON report each runner writes into its package's `.test-report/`
 * (vitest's json reporter, Playwright's, the conformance runner's --json). A flaky test (failed,
 * then passed) counts as failed; a file that could not run, or a run error, counts as one failure.
 */
const REPORT_DIR = '.test-report';
const totals = { passed: 0, failed: 0, skipped: 0 };

function countsOf(report) {
  if ('numTotalTests' in report) {
    // vitest: files that failed without a failing test (an import error) count once each.
    let failed = report.numFailedTests;
    for (const file of report.testResults ?? [])
      if (file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed'))
        failed += 1;
    if (!report.success && failed === 0) failed = 1;
    return {
      passed: report.numPassedTests,
      failed,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  if (report.stats && 'expected' in report.stats) {
    // Playwright: "unexpected" failed, "flaky" failed first and passed on a retry.
    const { expected, unexpected, flaky, skipped } = report.stats;
    const failed = unexpected + flaky;
    return { passed: expected, failed: failed || (report.errors?.length ? 1 : 0), skipped };
  }
  if (report.runner === 'conformance') return report;
  throw new Error('not a test report this script knows');
}

/** The workspace packages (folders) whose `scriptName` script runs tests. */
function packagesWith(scriptName) {
  return ['apps', 'packages']
    .flatMap((group) =>
      existsSync(join(root, group))
        ? readdirSync(join(root, group)).map((name) => join(group, name))
        : [],
    )
    .concat(['e2e', 'bench'])
    .filter((dir) => {
      const file = join(root, dir, 'package.json');
      return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).scripts?.[scriptName];
    });
}

/** Adds up the reports of `dirs`; a package that wrote none counts as one failure. */
function countReports(dirs) {
  for (const dir of dirs) {
    const folder = join(root, dir, REPORT_DIR);
    const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.json')) : [];
    if (!files.length) {
      console.error(`✖ ${dir} wrote no test report`);
      totals.failed += 1;
    }
    for (const f of files) {
      let counts;
      try {
        counts = countsOf(JSON.parse(readFileSync(join(folder, f), 'utf8')));
      } catch (err) {
        console.error(`✖ ${dir}/${REPORT_DIR}/${f}: ${err.message}`);
        counts = { passed: 0, failed: 1, skipped: 0 };
      }
      console.log(
        `  ${dir}/${REPORT_DIR}/${f}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
      );
      for (const k of Object.keys(totals)) totals[k] += counts[k];
    }
  }
}

function clearReports(dirs) {
  for (const dir of dirs) rmSync(join(root, dir, REPORT_DIR), { recursive: true, force: true });
}

function summary() {
  return `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
}

/** Runs a test stage, then adds up its reports; on any failure prints the counts and exits. */
function testStage(dirs, cmd, args) {
  clearReports(dirs);
  const status = run(cmd, args);
  countReports(dirs);
  if (status !== 0 || totals.failed > 0) {
    if (totals.failed === 0) totals.failed = 1; // the runner failed without a failing test
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${status})`);
    console.log(`\n${summary()}`);
    process.exit(status || 1);
  }
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
  testStage(packagesWith('test'), cmd, [
    ...pre,
    'exec',
    'turbo',
    'run',
    'test',
    '--concurrency=1',
    '--continue',
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
  testStage(packagesWith('e2e'), cmd, [...pre, '--filter', '@repo/e2e', 'e2e']);
  console.log('\n✔ every test passed');
  console.log(summary());
} else {
  console.error('usage: node scripts/shop.mjs start|test');
  process.exit(2);
}
