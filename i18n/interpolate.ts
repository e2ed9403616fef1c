/**
 * Fills {name} placeholders and picks plural forms; kept apart from the string tables so islands can use it
 * without all six locales.
 *
 * Plurals use the ICU MessageFormat subset `{count, plural, =0 {…} one {# review} other {# reviews}}`: an exact
 * `=N` branch first, else the CLDR category of the number (Intl.PluralRules, given by the caller as `plural`),
 * else `other`. `#` in the branch is the parameter as given (already formatted for the locale).
 */
export type Params = Record<string, string | number>;
/** The CLDR plural category of a count (Intl.PluralRules#select, or a table where Intl must not start). */
export type PluralSelect = (n: number) => string;

/** A missing parameter is left visible rather than silently blank. */
export function interpolate(template: string, params: Params = {}, plural?: PluralSelect): string {
  const chosen = template.includes(', plural,') ? resolvePlurals(template, params, plural) : template;
  return chosen.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The count a parameter stands for: numbers as they are, formatted strings by their digits ("1,234" → 1234). */
export function countOf(value: string | number): number {
  if (typeof value === 'number') return value;
  const digits = value.replace(/[^\d]/g, '');
  return digits ? Number(digits) : NaN;
}

function resolvePlurals(template: string, params: Params, plural?: PluralSelect): string {
  let out = '';
  let i = 0;
  for (;;) {
    const start = template.indexOf('{', i);
    const head = start < 0 ? null : /^\{(\w+), plural,\s*/.exec(template.slice(start));
    if (start < 0) return out + template.slice(i);
    if (!head) {
      out += template.slice(i, start + 1);
      i = start + 1;
      continue;
    }
    const name = head[1];
    const branches = new Map<string, string>();
    let j = start + head[0].length;
    // Selector words and their {…} bodies (bodies may hold {placeholders}), up to the closing brace.
    while (j < template.length && template[j] !== '}') {
      const sel = /^\s*(=\d+|\w+)\s*\{/.exec(template.slice(j));
      if (!sel) throw new Error(`Bad plural message: ${template}`);
      let depth = 1;
      let k = j + sel[0].length;
      const bodyStart = k;
      for (; k < template.length && depth > 0; k++) depth += template[k] === '{' ? 1 : template[k] === '}' ? -1 : 0;
      branches.set(sel[1], template.slice(bodyStart, k - 1));
      j = k;
      while (template[j] === ' ') j++;
    }
    const value = params[name];
    let body: string;
    if (value === undefined) body = template.slice(start, j + 1);
    else {
      const n = countOf(value);
      body = (branches.get(`=${n}`) ?? branches.get(plural && Number.isFinite(n) ? plural(n) : 'other') ?? branches.get('other') ?? '').replace(/#/g, String(value));
    }
    out += template.slice(i, start) + body;
    i = j + 1;
  }
}

/**
 * Plural categories of the integers 0-199 as one comma-separated string, for code that must not create an
 * Intl.PluralRules (the booking islands: ICU start-up blocks a phone). Beyond 199 the category of 100 + n % 100
 * is used, which is exact for every CLDR integer rule that depends on n, n % 10 and n % 100.
 */
export function pluralTable(locale: string): string {
  const rules = new Intl.PluralRules(locale);
  return Array.from({ length: 200 }, (_, n) => rules.select(n)).join(',');
}

export function pluralFromTable(table: string | undefined): PluralSelect | undefined {
  if (!table) return undefined;
  const categories = table.split(',');
  return (n) => (Number.isInteger(n) && n >= 0 ? categories[n < 200 ? n : 100 + (n % 100)] : 'other');
}
