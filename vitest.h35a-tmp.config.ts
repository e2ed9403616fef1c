import { defineConfig } from 'vitest/config';

// Islands import React's API, which the site runs on Preact (astro.config.mjs): tests load them the same way.
const preactCompat = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

export default defineConfig({
  resolve: { alias: preactCompat },
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
          testTimeout: 300_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
