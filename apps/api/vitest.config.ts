import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/__tests__/**/*.test.ts'],
    // Counts for `npm test` (scripts/shop.mjs) come from this report, not from the console.
    reporters: ['default', 'json'],
    outputFile: { json: '.test-report/vitest.json' },
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // bcrypt at cost 4 in tests (production refuses below 12): hashing is not what they test.
    env: { BCRYPT_COST: '4' },
    // Generous deadlines against hangs, not speed checks: a busy machine is slow (a log test
    // has taken 65 s on a loaded machine).
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
