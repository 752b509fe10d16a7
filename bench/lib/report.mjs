/** Printing figures as aligned tables, and the machine they were measured on. */
import { availableParallelism, cpus, loadavg, release, totalmem, type as osType } from 'node:os';

export function machineInfo() {
  return {
    os: `${osType()} ${release()}`,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadAverageAtStart: loadavg()[0],
  };
}

/**
 * Figures taken while other work keeps the cores busy mean little: says so when the 1-minute
 * load average is above three quarters of the cores.
 */
export function busyWarning(when) {
  const load = loadavg()[0];
  const cores = availableParallelism();
  return load > cores * 0.75
    ? `load average ${load.toFixed(1)} on ${cores} cores ${when}: other work competes for the CPU, figures will be low and noisy`
    : undefined;
}

/** rows: arrays of cells (already formatted); numbers are right-aligned. */
export function printTable(title, header, rows) {
  const cells = [header, ...rows].map((r) =>
    r.map((c) => (c === undefined || c === null ? '' : String(c))),
  );
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const numeric = header.map((_, i) =>
    rows.every((r) => typeof r[i] === 'number' || /^[\d.,%×\s-]+$/.test(String(r[i] ?? ''))),
  );
  const line = (r) =>
    r.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\n${title}`);
  console.log(line(cells[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

export const fixed = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
export const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
export const kb = (bytes) => `${(bytes / 1000).toFixed(1)}`;
