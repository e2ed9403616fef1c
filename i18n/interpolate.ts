/** Fills {name} placeholders; kept apart from the string tables so islands can use it without all six locales. */
export type Params = Record<string, string | number>;

/** A missing parameter is left visible rather than silently blank. */
export function interpolate(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
