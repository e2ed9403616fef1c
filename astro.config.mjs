// @ts-check
import { defineConfig } from 'astro/config';
import preact from '@astrojs/preact';
import react from '@astrojs/react';
import reactScopes from './src/integrations/react-scopes.ts';
import seoFiles from './src/integrations/seo-files.ts';
import buildShard from './src/integrations/build-shard.ts';

// Static pages per locale (DESIGN §2): one deploy, six domains rewritten to /vi-vn, /en-ph, ... in netlify.toml.
export default defineConfig({
  output: 'static',
  site: 'https://suckhoeviet.vn',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'auto' },
  // seoFiles: sitemaps and robots.txt per locale, written from the built pages (src/integrations/seo-files.ts).
  // buildShard: one process of the parallel build renders only its locales (scripts/build.ts --shards).
  // Islands are written against React's API and run on Preact (compat: `react` imports resolve to preact/compat):
  // the same components for a tenth of React's bytes, so a page whose booking card hydrates at load no longer
  // spends its first seconds on a mobile CPU evaluating react-dom (issue #7, Lighthouse TBT).
  // The admin app (src/admin, one client:only island) runs on React 19 itself (issue #27): each integration
  // compiles only its own folders, and reactScopes applies the compat alias per importer (src/integrations/react-scopes.ts).
  integrations: [
    preact({ include: ['**/src/islands/**/*.{ts,tsx}'] }),
    react({ include: ['**/src/admin/**/*.{ts,tsx}'] }),
    seoFiles(),
    buildShard(),
  ],
  compressHTML: true,
  devToolbar: { enabled: false },
  vite: {
    plugins: [reactScopes()],
    // PGlite ships WebAssembly and is only ever loaded at build time on the server side.
    ssr: { external: ['@electric-sql/pglite'] },
    optimizeDeps: { exclude: ['@electric-sql/pglite'] },
  },
});
