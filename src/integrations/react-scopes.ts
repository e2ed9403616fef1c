/**
 * Two React runtimes in one build (issue #27): public islands are written against React's API and run on
 * Preact compat (a tenth of react-dom's bytes on every public page); the admin app (src/admin/**) runs on
 * React 19 itself. @preact/preset-vite's `compat` aliases `react` to preact/compat for the whole build, which
 * would put Preact under the admin's libraries too, so the alias is applied here per importer instead:
 * a project file outside src/admin that imports react gets preact/compat; src/admin and every package
 * (TanStack, react-router, Radix: only the admin imports them) get React.
 */
import type { Plugin } from 'vite';

const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

/** True when a module importing react belongs to the public side (runs on Preact). */
export function usesPreact(importer: string | undefined): boolean {
  if (!importer) return false;
  const file = importer.replace(/\\/g, '/').split('?')[0];
  if (file.includes('/node_modules/')) return false;
  return !file.includes('/src/admin/') && !file.includes('/src/pages/admin/');
}

export default function reactScopes(): Plugin {
  return {
    name: 'care:react-scopes',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = PREACT_FOR[source];
      if (!target || !usesPreact(importer)) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}
