import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';

const DIR = path.resolve(import.meta.dirname, '../../i18n/strings/admin');
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const read = (module: string, locale: string) => JSON.parse(readFileSync(path.join(DIR, module, `${locale}.json`), 'utf8')) as Record<string, string>;

describe('admin strings', () => {
  const modules = readdirSync(DIR);

  it('has the core and users modules', () => {
    expect(modules).toEqual(expect.arrayContaining(['core', 'users']));
  });

  for (const module of modules) {
    it(`${module}: every locale has every key and placeholder, translated`, () => {
      const en = read(module, 'en-PH');
      const keys = Object.keys(read(module, 'vi-VN')).sort();
      expect(keys.length).toBeGreaterThan(5);
      for (const locale of LOCALES) {
        const m = read(module, locale);
        expect(Object.keys(m).sort(), locale).toEqual(keys);
        for (const k of keys) {
          expect(m[k]!.trim(), `${locale} ${k}`).not.toBe('');
          expect(placeholders(m[k]!), `${locale} ${k}`).toEqual(placeholders(en[k]!));
          // Sentences are translated (brand-only texts may coincide).
          if (locale !== 'en-PH' && en[k]!.length > 24 && !en[k]!.startsWith('{')) expect(m[k], `${locale} ${k}`).not.toBe(en[k]);
        }
      }
    });
  }

  it('quotes the spec in en-PH', () => {
    const core = read('core', 'en-PH');
    const users = read('users', 'en-PH');
    expect(core['admin.error.title']).toBe('Ooops! Something went wrong');
    expect(core['admin.error.text']).toBe("Sorry for the inconvenience, we're having some technical issue. Please try again in later!");
    expect(core['admin.error.backToHome']).toBe('Back to home');
    expect(core['admin.permission.title']).toBe("You don't have permission to access this page.");
    expect(core['admin.common.emptyData']).toBe('Empty data');
    expect(core['admin.confirm.delete']).toBe('Yes, Delete');
    expect(core['admin.confirm.keep']).toBe('No, keep it');
    expect(core['admin.scope.allHospitals']).toBe('All hospitals');
    expect(core['admin.scope.allBranches']).toBe('All branches');
    expect(core['admin.pageTitle']).toBe('{title} - {site} Care Admin');
    expect(core['form.maxLength']).toBe('*{number} characters limit');
    expect(users['admin.users.deleteFailed']).toBe('An error occured');
    expect(users['admin.users.col.phone']).toBe('Phone Number');
    const overview = read('overview', 'en-PH');
    expect(overview['admin.overview.noData']).toBe('No data found. Please, select a different date range');
    expect(overview['admin.overview.notEnoughData']).toBe("We don't have enough data to generate a graph for you. Please, select a different date range");
  });
});
