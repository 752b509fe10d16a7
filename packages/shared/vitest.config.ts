import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/__tests__/**/*.test.ts'],
    // Counts for `npm test` (scripts/shop.mjs) come from this report, not from the console.
    reporters: ['default', 'json'],
    outputFile: { json: '.test-report/vitest.json' },
  },
});
