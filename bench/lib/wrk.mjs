/**
 * Mixed reads with wrk (Debian's `wrk` package), the load generator of the busy shop's steps
 * when it is installed. Why not autocannon there: on the bench's two cores the load generator
 * shares the machine with the shop, and autocannon (JavaScript) spends about 0.75 of a core to
 * send 25,000 reads a second, wrk (C) about 0.37. Once the shop needed more of the machine
 * (shoppers paying in another process or thread), autocannon measured its own starvation: the same
 * build kept 53% of its idle reads with autocannon and 74% with wrk, in one script minutes apart.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether `wrk` can be run here. */
export function hasWrk() {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A Lua script that sends the reads in turn on every connection. */
function script(reads) {
  const lua = (value) => JSON.stringify(value);
  const formatted = reads.map((r) =>
    r.body
      ? `wrk.format(${lua(r.method)}, ${lua(r.path)}, {["content-type"] = "application/json"}, ${lua(JSON.stringify(r.body))})`
      : `wrk.format(${lua(r.method)}, ${lua(r.path)})`,
  );
  return [
    'local requests = {}',
    'local next = 0',
    `init = function() requests = { ${formatted.join(', ')} } end`,
    'request = function() next = next % #requests + 1 return requests[next] end',
    '',
  ].join('\n');
}

/** wrk's "1.23ms", "850.00us", "1.02s" in milliseconds. */
function ms(text) {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text) ?? [];
  if (value === undefined) throw new Error(`wrk: unreadable latency ${text}`);
  return Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
}

/** Reads the figures mixedReads answers out of wrk's report (`--latency`). */
export function readReport(out) {
  const find = (re) => {
    const m = re.exec(out);
    if (!m) throw new Error(`wrk: no ${re} in its report:\n${out}`);
    return m;
  };
  const [, requests, seconds] = find(/(\d+) requests in ([\d.]+)(?:s)/);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    out,
  );
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    requestsPerSecond: Number(requests) / Number(seconds),
    seconds: Number(seconds),
    p50: ms(find(/^\s+50%\s+(\S+)/m)[1]),
    p99: ms(find(/^\s+99%\s+(\S+)/m)[1]),
    max: ms(find(/Latency\s+\S+\s+\S+\s+(\S+)/)[1]),
    requests: Number(requests),
    errors: non2xx + (socketErrors ? socketErrors.slice(1).reduce((s, n) => s + Number(n), 0) : 0),
  };
}

/** The reads in turn on every connection for `duration` seconds, with wrk (two threads). */
export function wrkReads(url, reads, { connections, duration }) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const file = join(dir, 'reads.lua');
  writeFileSync(file, script(reads));
  const args = ['-t2', `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '--latency'];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [...args, '-s', file, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      try {
        resolve(readReport(out));
      } catch (err) {
        reject(err);
      }
    });
  });
}
