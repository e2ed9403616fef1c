/**
 * Production configuration, validated once at start with zod: a deploy missing a setting fails with one message
 * naming every missing or malformed variable, instead of a function falling back to a local default (the embedded
 * database, the development JWT secret) or failing later on first use. Locally (`npm start`, tests) nothing is
 * required: the stand-ins and the embedded database fill in.
 */
import { z } from 'zod';
import { isProduction } from './env';

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// connection string');
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

/** What the functions need in production (Netlify site settings; README "Production"). */
const functionsSchema = z
  .object({
    DATABASE_URL: postgresUrl.describe("Supabase's pooler connection string, transaction mode (port 6543)"),
    SUPABASE_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional().describe('the JWT secret of the Supabase project'),
    SUPABASE_JWKS_URL: httpsUrl.optional().describe("the project's JWKS URL"),
  })
  .refine((env) => env.SUPABASE_JWT_SECRET || env.SUPABASE_JWKS_URL, {
    path: ['SUPABASE_JWT_SECRET or SUPABASE_JWKS_URL'],
    error: 'one of them must be set, so that functions can verify Supabase Auth tokens',
  });

/** What the production build needs besides the database: the browser's Supabase client. */
const buildSchema = z.object({
  DATABASE_URL: postgresUrl,
  PUBLIC_SUPABASE_URL: httpsUrl.describe("the Supabase project's API URL"),
  PUBLIC_SUPABASE_ANON_KEY: z.string().min(20, 'must be the project’s anon key').describe("the project's anon key"),
});

/** What the scheduled rebuild needs. */
const rebuildSchema = z.object({ NETLIFY_BUILD_HOOK: httpsUrl.describe('the Netlify build hook URL') });

type Env = Record<string, string | undefined>;

/** One line naming every variable at fault: "Configuration missing or invalid: DATABASE_URL (required); …". */
export class ConfigError extends Error {
  constructor(readonly variables: string[], details: string[]) {
    super(`Configuration missing or invalid (Netlify site settings, README "Production"): ${details.join('; ')}`);
    this.name = 'ConfigError';
  }
}

function validate<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  // Empty values count as missing (a variable set to '' in the Netlify UI).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = schema.safeParse(present);
  if (r.success) return r.data;
  const variables: string[] = [];
  const details: string[] = [];
  for (const issue of r.error.issues) {
    const name = issue.path.join('.');
    if (variables.includes(name)) continue;
    variables.push(name);
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    details.push(`${name} (${missing ? 'missing' : issue.message})`);
  }
  throw new ConfigError(variables, details);
}

let checked = false;

/** Validates the functions' configuration once, in production only (called when a function first opens the database). */
export function checkFunctionsConfig(env: Env = process.env): void {
  if (checked || !isProduction()) return;
  validate(functionsSchema, env);
  checked = true;
}

/** The production build's configuration (scripts/build.ts, at start). */
export function checkBuildConfig(env: Env = process.env): void {
  validate(buildSchema, env);
}

/** The scheduled rebuild's configuration: needed wherever it runs. */
export function rebuildConfig(env: Env = process.env): { hookUrl: string } {
  return { hookUrl: validate(rebuildSchema, env).NETLIFY_BUILD_HOOK };
}

const SCHEMAS = { functions: functionsSchema, build: buildSchema, rebuild: rebuildSchema };

/** Validates one configuration against `env` (ConfigError naming every variable at fault). */
export function validateConfig(kind: keyof typeof SCHEMAS, env: Env): void {
  validate(SCHEMAS[kind], env);
}

/** The variables each configuration reads (the README's table names each). */
export const CONFIG_VARIABLES: Record<keyof typeof SCHEMAS, string[]> = {
  functions: Object.keys(functionsSchema.shape),
  build: Object.keys(buildSchema.shape),
  rebuild: Object.keys(rebuildSchema.shape),
};
