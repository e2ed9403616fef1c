/**
 * Webhook signing secrets at rest (issue #40): HMAC signing needs the secret itself, so it is sealed with
 * AES-256-GCM under WEBHOOK_SECRET_KEY (32 bytes, hex or base64) and stored as `v1.<base64url(iv | ciphertext | tag)>`
 * in webhooks.secret_sealed; a database leak without the functions' environment leaks no secret. Production refuses
 * to run without the key; local development and tests use DEV_WEBHOOK_SECRET_KEY (like DEV_JWT_SECRET, src/server/env.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { isProduction } from './env';

/** Development-only key (32 bytes, hex). Never accepted in production. */
export const DEV_WEBHOOK_SECRET_KEY = '6c6f63616c2d6465762d776562686f6f6b2d7365637265742d6b65792d303031';

export function webhookSecretKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const raw = env.WEBHOOK_SECRET_KEY?.trim();
  if (!raw) {
    if (isProduction()) throw new Error('WEBHOOK_SECRET_KEY must be set in production (32 bytes, hex or base64)');
    return Buffer.from(DEV_WEBHOOK_SECRET_KEY, 'hex');
  }
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('WEBHOOK_SECRET_KEY must be 32 bytes (64 hex characters or base64)');
  if (isProduction() && key.equals(Buffer.from(DEV_WEBHOOK_SECRET_KEY, 'hex'))) throw new Error('WEBHOOK_SECRET_KEY is the development key');
  return key;
}

/** A new signing secret: 32 random bytes, hex (what a receiver pastes into its verifier). */
export const newWebhookSecret = () => randomBytes(32).toString('hex');
/** What the screen shows after the secret was shown once. */
export const secretHint = (secret: string) => secret.slice(-4);

const AAD = Buffer.from('care-webhook-secret/v1');

export function sealSecret(secret: string, key = webhookSecretKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
}

/** The secret, or an error when the value was altered or another key sealed it. */
export function openSecret(sealed: string, key = webhookSecretKey()): string {
  const m = /^v1\.([A-Za-z0-9_-]+)$/.exec(sealed);
  if (!m) throw new Error('not a sealed webhook secret');
  const raw = Buffer.from(m[1], 'base64url');
  if (raw.length < 12 + 16 + 1) throw new Error('not a sealed webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(AAD);
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
}
