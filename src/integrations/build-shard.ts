/**
 * Astro integration for the parallel build (scripts/build.ts --shards N): when BUILD_LOCALES names a subset of the
 * locales, this process renders only the pages under those locales' prefixes (every page type, present and
 * future, without touching its getStaticPaths), plus the pages outside any prefix (404, root redirect) when
 * BUILD_ROOT_PAGES=1. The bulk loaders of src/data/build-cache.ts skip the other locales' queries, so a process
 * holds only the data it renders. scripts/build.ts merges the shards' output folders and then writes the
 * sitemaps over the whole site.
 */
import type { AstroIntegration } from 'astro';
import { LOCALES, LOCALE_CONFIG } from '../../i18n/locales';
import { BUILD_LOCALES_ENV, buildLocales } from '../data/build-cache';

export const BUILD_ROOT_PAGES_ENV = 'BUILD_ROOT_PAGES';

/** Whether a page path belongs to this shard. */
export function inShard(pathname: string, prefixes: ReadonlySet<string>, rootPages: boolean): boolean {
  const first = pathname.replace(/^\/+/, '').split('/')[0];
  const isLocalePage = LOCALES.some((l) => LOCALE_CONFIG[l].prefix === first);
  return isLocalePage ? prefixes.has(first) : rootPages;
}

export default function buildShard(): AstroIntegration {
  return {
    name: 'care-build-shard',
    hooks: {
      'astro:build:start': ({ setPrerenderer, logger }) => {
        if (!process.env[BUILD_LOCALES_ENV]) return;
        const prefixes = new Set(buildLocales().map((l) => LOCALE_CONFIG[l].prefix));
        const rootPages = process.env[BUILD_ROOT_PAGES_ENV] === '1';
        logger.info(`rendering ${[...prefixes].join(', ')}${rootPages ? ' and the root pages' : ''}`);
        setPrerenderer((base) => ({
          ...base,
          name: 'care-build-shard',
          setup: base.setup?.bind(base),
          render: base.render.bind(base),
          teardown: base.teardown?.bind(base),
          collectStaticImages: base.collectStaticImages?.bind(base),
          async getStaticPaths() {
            return (await base.getStaticPaths()).filter((p) => inShard(p.pathname, prefixes, rootPages));
          },
        }));
      },
    },
  };
}
