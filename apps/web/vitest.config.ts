import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    // Counts for `npm test` (scripts/shop.mjs) come from this report, not from the console.
    reporters: ['default', 'json'],
    outputFile: { json: '.test-report/vitest.json' },
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    // A generous deadline against hangs, not a speed check: a busy machine renders slowly (a
    // page test that clicks through a dialog has taken over 20 s on a loaded CI machine).
    testTimeout: 90_000,
  },
});
