import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
          // Exhaustive tests walk every day of a century or every minute of DST weeks: a hang guard, not a budget,
          // with room for a loaded 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['tests/db/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/db/support/global-setup.ts'],
          // Each file builds its own databases (PGlite cold start ~5 s, a server database ~1 s).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
