import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', '**/dist/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Integration tests share one Mosquitto and fixed pty paths per file; files run in parallel
    // on separate ports, so keep the pool small for a 2-core CI machine.
    maxWorkers: 2,
  },
});
