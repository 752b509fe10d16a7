/**
 * Child processes of a bench run (database, shop, ceiling server): started with their output
 * kept for error messages, and stopped by their own pid when the run ends, however it ends.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Live children and their handles. */
const running = new Map();

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node args...`; resolves once `ready(outputSoFar)` is true (checked on each output
 * chunk) or rejects when the process exits first or `timeoutMs` passes. With `stdoutFile`,
 * the child writes its standard output straight to that file, as a deployed shop's log goes
 * to a file or a log collector: a request log read through a pipe would cost the load
 * generator's process the CPU it needs to measure (`ready` then sees standard error only).
 */
export function startNode(
  name,
  args,
  { env = {}, cwd, ready, timeoutMs = 60_000, stdoutFile } = {},
) {
  const stdoutFd = stdoutFile ? openSync(stdoutFile, 'a') : undefined;
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  });
  if (stdoutFd !== undefined) closeSync(stdoutFd);
  let piped = '';
  const keep = (chunk) => {
    piped = (piped + chunk).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr.on('data', keep);
  const output = () =>
    stdoutFile ? `${readFileSync(stdoutFile, 'utf8').slice(-20_000)}${piped}` : piped;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let stopping = false;
  exited.then(({ code, signal }) => {
    running.delete(child);
    // A server dying mid-run explains the errors that follow: say so, with its last words.
    if (!stopping)
      console.error(
        `[bench] ${name} exited unexpectedly (${signal ?? code}):\n${output().slice(-3000)}`,
      );
  });

  const handle = {
    name,
    child,
    output,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  running.set(child, handle);
  if (!ready) return Promise.resolve(handle);
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () => fail(new Error(`${name} was not ready after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const check = () => {
      if (!settled && ready(output())) {
        settled = true;
        cleanup();
        resolve(handle);
      }
    };
    const fail = (err) => {
      if (settled) return;
      settled = true;
      cleanup();
      handle
        .stop()
        .finally(() =>
          reject(new Error(`${err.message}\n--- ${name} output ---\n${output().slice(-4000)}`)),
        );
    };
    const onExit = ({ code, signal }) =>
      fail(new Error(`${name} exited (${signal ?? code}) before it was ready`));
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr.off('data', check);
    }
    child.stdout?.on('data', check);
    child.stderr.on('data', check);
    exited.then(onExit);
  });
}

/** The resident memory of a process, in bytes (Linux). */
export function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
}

/** The pids of a process's children (Linux: each process's parent is in /proc/<pid>/stat). */
export function childPids(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (name) state ppid …": the name may hold spaces, so read after its last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

/** A process's CPU times from /proc/<pid>/stat, in ms: its own, and its reaped children's. */
function cpuTimes(pid) {
  // Fields after the command name ("pid (name) state …": the name may hold spaces): utime,
  // stime, cutime and cstime are the 12th to 15th, in clock ticks (1/100 s on Linux).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { own: (f[11] + f[12]) * 10, reaped: (f[13] + f[14]) * 10 };
}

/**
 * The CPU a process has spent, with all its descendants, in ms: its own time, the time of each
 * live descendant, and that of the children it has waited for once they exited (the kernel
 * adds theirs to it: a shop's worker that exited, e.g. one restarted).
 * Answers the total and the parts: `own`, `reaped` and `live` (per live child's tree).
 */
export function treeCpuMs(pid) {
  const { own, reaped } = cpuTimes(pid);
  const live = childPids(pid).map((child) => ({ pid: child, ...treeCpuMs(child) }));
  return {
    total: own + reaped + live.reduce((sum, c) => sum + c.total, 0),
    own,
    reaped,
    live,
  };
}

/**
 * Every process of a shop started by startShop, with its resident memory: with cluster
 * workers (WEB_CONCURRENCY above 1) the primary and each worker, else the one process; and the
 * database's process when given.
 */
export function shopProcesses(shopPid, databasePid) {
  const workers = childPids(shopPid);
  const list = workers.length
    ? [
        { process: 'primary', pid: shopPid },
        ...workers.map((pid, i) => ({ process: `worker ${i + 1}`, pid })),
      ]
    : [{ process: 'shop (one process)', pid: shopPid }];
  if (databasePid) list.push({ process: 'database', pid: databasePid });
  return list.map((p) => ({ ...p, rss: rssBytes(p.pid) }));
}

export async function stopAll() {
  await Promise.all([...running.values()].map((handle) => handle.stop()));
}

// An interrupted run leaves no process behind.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of running.keys()) child.kill('SIGTERM');
    process.exit(130);
  });
}
process.once('exit', () => {
  for (const child of running.keys()) child.kill('SIGKILL');
});
