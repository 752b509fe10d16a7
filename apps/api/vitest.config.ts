import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/__tests__/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    // bcrypt at cost 4 in tests (production refuses below 12): hashing is not what they test.
    env: { BCRYPT_COST: '4' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
