/**
 * Shoppers on one network or many, and a clock for the limits' windows and delays: requests
 * sent from distinct loopback addresses (127.0.0.x) are distinct clients as the shop sees them,
 * with no X-Forwarded-For and no TRUST_PROXY involved.
 */
import { Agent, type AgentOptions } from 'node:http';
import { beforeEach } from 'vitest';
import { createApp } from '../app.js';
import { RateLimitCounter } from '../lib/rate-limit-counter.model.js';
import { createRateLimits, type RateLimits } from '../lib/rate-limit.js';
import type { AppDeps } from '../lib/types.js';
import { checkedRequest } from './contract.js';

type TestAgent = ReturnType<typeof checkedRequest>;

const agents = new Map<string, Agent>();

/** An HTTP agent whose connections leave from `address` (e.g. '127.0.0.7'): `.agent(from(…))`. */
export function from(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ localAddress: address } as AgentOptions);
    agents.set(address, agent);
  }
  return agent;
}

/** Rate limits on a clock that only moves when the test moves it. */
export function limitsOnTestClock(): RateLimits & { advance: (ms: number) => void } {
  let now = Date.now();
  return { ...createRateLimits(true, () => now), advance: (ms) => (now += ms) };
}

/**
 * For a limits suite: before each test no counters are left, the clock starts afresh and the
 * app runs on it. Read `shop.api` and `shop.limits` inside the tests.
 */
export function shopOnTestClock(deps: AppDeps) {
  const shop = {} as { limits: ReturnType<typeof limitsOnTestClock>; api: TestAgent };
  beforeEach(async () => {
    await RateLimitCounter.deleteMany({});
    shop.limits = limitsOnTestClock();
    shop.api = checkedRequest(createApp({ ...deps, limits: shop.limits }));
  });
  return shop;
}
