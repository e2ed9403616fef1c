/** The test hospitals of the e2e database (see hospital-fixtures.ts), fetched once per worker. */
import type { APIRequestContext } from '@playwright/test';
import { LOCALE_CONFIG, type Locale } from '../../../i18n/locales';
import type { HospitalFixtures } from './hospital-fixtures';

let cached: Promise<HospitalFixtures> | undefined;

export function hospitalFixtures(request: APIRequestContext): Promise<HospitalFixtures> {
  cached ??= request.get('/__e2e/hospital-fixtures').then(async (r) => {
    if (!r.ok()) throw new Error(`fixtures: ${r.status()} ${await r.text()}`);
    return (await r.json()) as HospitalFixtures;
  });
  return cached;
}

export function hospitalPath(locale: Locale, slug: string, tab?: string): string {
  return `/${LOCALE_CONFIG[locale].prefix}/hospital/${slug}/${tab ? `?tab=${tab}` : ''}`;
}
