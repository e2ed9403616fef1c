/**
 * Rate limits stored in Postgres (private.rate_limits + private.rate_limit_hit()), so they hold across serverless
 * instances. A hit is counted atomically in a sliding window (migration 20261126000300) and committed on its own, outside the request's
 * transaction: a failed sign-in still counts. Keys are hashed; no e-mail, phone or IP is stored in clear.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../data/db';
import { tooManyRequests } from '../lib/errors';

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

/** Defaults (documented in docs/functions.md). Override with RATE_LIMIT_<BUCKET>="limit/windowSeconds". */
export const RATE_LIMITS = {
  /** Password sign-ins per e-mail or phone and client IP together: another address cannot lock the owner out. */
  sign_in: { limit: 10, windowSeconds: 15 * 60 },
  /** Password sign-ins per e-mail or phone from addresses it has never signed in from (spread-out guessing). */
  sign_in_account: { limit: 100, windowSeconds: 60 * 60 },
  /** Password sign-ins per client IP. */
  sign_in_ip: { limit: 50, windowSeconds: 15 * 60 },
  /** One-time codes sent per e-mail or phone. */
  otp_send: { limit: 5, windowSeconds: 15 * 60 },
  /** One-time codes sent per client IP. */
  otp_send_ip: { limit: 30, windowSeconds: 60 * 60 },
  /** Attempts to verify a one-time code per e-mail or phone (6 digits: brute force must stay hopeless). */
  otp_verify: { limit: 10, windowSeconds: 15 * 60 },
  /** Bookings created per user. */
  booking_create: { limit: 10, windowSeconds: 10 * 60 },
  /** Campaign eligibility checks per user. */
  campaign_check: { limit: 20, windowSeconds: 10 * 60 },
  // Phone numbers are shown to signed-in visitors only: a generous limit that still stops harvesting.
  phone_reveal: { limit: 60, windowSeconds: 10 * 60 },
  /** Share images drawn per client IP (the CDN answers repeats; crawlers fetch one per shared page). */
  og_image: { limit: 300, windowSeconds: 10 * 60 },
  /** Directory searches per client IP (GET /api/search; typing is debounced, so a person stays far below). */
  directory_search: { limit: 120, windowSeconds: 60 },
  /** Calendar feed fetches per feed address (calendar servers poll every few hours; a leaked address cannot be hammered). */
  ical_feed: { limit: 60, windowSeconds: 60 * 60 },
  /** CSV import files started per user (each holds up to 50 records processed in the background). */
  import_start: { limit: 60, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitBucket = keyof typeof RATE_LIMITS;

const overrides = new Map<string, RateLimitRule>();

/** Tests and tools set a rule for a bucket; `undefined` restores the default. */
export function setRateLimit(bucket: RateLimitBucket, rule: RateLimitRule | undefined): void {
  if (rule) overrides.set(bucket, rule);
  else overrides.delete(bucket);
}

export function rateLimitRule(bucket: RateLimitBucket): RateLimitRule {
  const o = overrides.get(bucket);
  if (o) return o;
  const env = process.env[`RATE_LIMIT_${bucket.toUpperCase()}`];
  if (env) {
    const m = /^(\d+)\/(\d+)$/.exec(env.trim());
    if (m && Number(m[1]) > 0 && Number(m[2]) > 0) return { limit: Number(m[1]), windowSeconds: Number(m[2]) };
  }
  return RATE_LIMITS[bucket];
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key.trim().toLowerCase()).digest('hex');
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  limit: number;
  retryAfter: number;
}

/** Counts one hit for `key` in `bucket`. `db` must be a connection outside any request transaction. */
export async function hitRateLimit(db: Queryable, bucket: RateLimitBucket, key: string): Promise<RateLimitResult> {
  const rule = rateLimitRule(bucket);
  const { rows } = await db.query('select allowed, hits, retry_after from private.rate_limit_hit($1, $2, $3, $4)', [
    bucket,
    hashKey(key),
    rule.limit,
    rule.windowSeconds,
  ]);
  const r = rows[0];
  return { allowed: r.allowed, hits: Number(r.hits), limit: rule.limit, retryAfter: Number(r.retry_after) };
}

/** Counts a hit and throws the 429 ApiError (Retry-After) when over the limit. */
export async function enforceRateLimit(db: Queryable, bucket: RateLimitBucket, key: string): Promise<RateLimitResult> {
  const r = await hitRateLimit(db, bucket, key);
  if (!r.allowed) throw tooManyRequests(r.retryAfter);
  return r;
}
