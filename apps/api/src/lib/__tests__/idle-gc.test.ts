/**
 * Memory given back at idle (lib/idle-gc.ts): one collection once no request has started for
 * the idle time and the heap has grown by the threshold since the last one; none while
 * requests come, none again until the heap grows again. The collection itself frees garbage
 * and leaves no `gc` on the app's global. On the test's clock and heap figures.
 */
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { compactingCollection, IdleCollector, limitHeapGrowth } from '../idle-gc.js';

const MiB = 2 ** 20;

function collector() {
  const state = { clock: 0, heap: 100 * MiB, collected: 0 };
  const idle = new IdleCollector({
    idleMs: 2000,
    growthBytes: 16 * MiB,
    now: () => state.clock,
    heapBytes: () => state.heap,
    collect: () => {
      state.collected += 1;
      state.heap = 60 * MiB;
    },
  });
  return { idle, state };
}

describe('the idle collector', () => {
  it('collects once the process has been idle for its time, not before', () => {
    const { idle, state } = collector();
    idle.requestStarted();
    state.clock = 1999;
    expect(idle.check()).toBe(false);
    state.clock = 2000;
    expect(idle.check()).toBe(true);
    expect(state.collected).toBe(1);
  });

  it('never collects while requests keep coming', () => {
    const { idle, state } = collector();
    for (let t = 0; t < 60_000; t += 500) {
      state.clock = t;
      idle.requestStarted();
      state.heap += 8 * MiB;
      expect(idle.check()).toBe(false);
    }
    expect(state.collected).toBe(0);
  });

  it('collects again only after the heap has grown by the threshold since the last time', () => {
    const { idle, state } = collector();
    state.clock = 5000;
    expect(idle.check()).toBe(true);
    expect(state.heap).toBe(60 * MiB);
    // Idle on: nothing grew, nothing to give back.
    state.clock = 60_000;
    expect(idle.check()).toBe(false);
    // A request, a little growth, idle again: still not worth a collection.
    idle.requestStarted();
    state.heap = 70 * MiB;
    state.clock = 70_000;
    expect(idle.check()).toBe(false);
    // Grown by the threshold: collected.
    state.heap = 76 * MiB;
    expect(idle.check()).toBe(true);
    expect(state.collected).toBe(2);
  });
});

describe('the compacting collection', () => {
  it('frees what nothing refers to and leaves no gc on the global', () => {
    const hadGc = 'gc' in globalThis;
    // Made and dropped inside this function: nothing refers to it once it returns.
    const held = (() => {
      const junk = Array.from({ length: 300_000 }, (_, i) => ({
        i,
        s: `item ${i} ${'x'.repeat(20)}`,
      }));
      expect(junk.length).toBe(300_000);
      return getHeapStatistics().used_heap_size;
    })();
    compactingCollection()();
    const after = getHeapStatistics().used_heap_size;
    expect(held - after).toBeGreaterThan(15 * MiB);
    expect('gc' in globalThis).toBe(hadGc);
  });
});

describe('the heap growth limit', () => {
  it('is set unless the operator gave one on the command line or in NODE_OPTIONS', () => {
    expect(limitHeapGrowth(100, ['--heap-growing-percent=300'])).toBe(false);
    expect(limitHeapGrowth(100, ['--max-old-space-size=512 --heap_growing_percent=50'])).toBe(
      false,
    );
    expect(limitHeapGrowth(100, ['--enable-source-maps', ''])).toBe(true);
  });
});
