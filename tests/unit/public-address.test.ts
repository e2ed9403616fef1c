/**
 * Where webhooks may be sent (issue #40): the address classifier, the save-time URL check (with a stand-in
 * resolver: no network), the sealing of secrets, the calendar feed's text, and a delivery to 127.0.0.1 refused
 * without the development flag (the receiver never hears of it).
 */
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { checkWebhookUrl, classifyAddress, embeddedIPv4, loopbackAllowed } from '../../src/server/public-address';
import { postWebhook } from '../../src/server/webhook-post';
import { DEV_WEBHOOK_SECRET_KEY, openSecret, sealSecret, webhookSecretKey } from '../../src/server/webhook-secret';
import { icsFeed } from '../../src/lib/ical-feed';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.215.14', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.254', 'private'],
    ['100.128.0.1', 'public'],
    ['169.254.169.254', 'private'],
    ['0.0.0.0', 'private'],
    ['224.0.0.251', 'private'],
    ['255.255.255.255', 'private'],
    ['198.18.0.1', 'private'],
    ['::', 'private'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['fe80::1', 'private'],
    ['fe80::1%eth0', 'private'],
    ['ff02::1', 'private'],
    ['2001:db8::1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::a9fe:a9fe', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['not-an-ip', 'invalid'],
  ])('%s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it('reads the IPv4 address inside IPv6 forms', () => {
    expect(embeddedIPv4('::ffff:192.168.1.1')).toBe('192.168.1.1');
    expect(embeddedIPv4('64:ff9b::808:808')).toBe('8.8.8.8');
    expect(embeddedIPv4('2002:0808:0808::')).toBe('8.8.8.8');
    expect(embeddedIPv4('2606:4700::1111')).toBeNull();
  });
});

describe('checkWebhookUrl', () => {
  const resolve = (map: Record<string, string[]>) => async (host: string) => {
    if (!map[host]) throw new Error('ENOTFOUND');
    return map[host];
  };
  const dns = resolve({ 'hooks.example.com': ['93.184.215.14'], 'rebind.example.com': ['93.184.215.14', '10.0.0.5'], 'meta.example.com': ['169.254.169.254'] });

  it('accepts a public https address and, outside production, http', async () => {
    expect(await checkWebhookUrl('https://hooks.example.com/care', { production: true, allowLoopback: false, resolve: dns })).toBeNull();
    expect(await checkWebhookUrl('http://hooks.example.com/care', { production: false, allowLoopback: false, resolve: dns })).toBeNull();
  });
  it('refuses http in production, other schemes always', async () => {
    expect(await checkWebhookUrl('http://hooks.example.com/care', { production: true, allowLoopback: false, resolve: dns })).toBe('The webhook address must use https.');
    expect(await checkWebhookUrl('ftp://hooks.example.com/care', { production: false, allowLoopback: false, resolve: dns })).toBe('The webhook address must use https.');
  });
  it('refuses a name with any non-public address, metadata, credentials, unknown names', async () => {
    const opts = { production: false, allowLoopback: false, resolve: dns };
    expect(await checkWebhookUrl('https://rebind.example.com/', opts)).toBe('The webhook address must be a public internet address.');
    expect(await checkWebhookUrl('https://meta.example.com/', opts)).toBe('The webhook address must be a public internet address.');
    expect(await checkWebhookUrl('https://[::ffff:a9fe:a9fe]/', opts)).toBe('The webhook address must be a public internet address.');
    expect(await checkWebhookUrl('https://user:pw@hooks.example.com/', opts)).toBe('The webhook address must be a public internet address.');
    expect(await checkWebhookUrl('https://nowhere.example.com/', opts)).toBe('The webhook address could not be resolved.');
  });
  it('allows loopback (only loopback) with the development flag', async () => {
    expect(await checkWebhookUrl('http://127.0.0.1:8080/h', { production: false, allowLoopback: true, resolve: dns })).toBeNull();
    expect(await checkWebhookUrl('http://10.0.0.1/h', { production: false, allowLoopback: true, resolve: dns })).toBe('The webhook address must be a public internet address.');
  });
  it('never honours the flag in production', () => {
    expect(loopbackAllowed({ WEBHOOK_ALLOW_LOOPBACK: '1' } as NodeJS.ProcessEnv)).toBe(process.env.NODE_ENV !== 'production' && process.env.NETLIFY !== 'true');
    expect(loopbackAllowed({} as NodeJS.ProcessEnv)).toBe(false);
  });
});

describe('postWebhook', () => {
  afterEach(() => void delete process.env.WEBHOOK_ALLOW_LOOPBACK);
  it('does not connect to 127.0.0.1 without the flag (by IP or by name), and does with it; redirects are not followed', async () => {
    let heard = 0;
    const srv = createServer((req, res) => (heard++, (res.statusCode = req.url === '/moved' ? 302 : 200), res.setHeader('location', 'http://127.0.0.1/elsewhere'), res.end('ok')));
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const port = (srv.address() as { port: number }).port;
    try {
      delete process.env.WEBHOOK_ALLOW_LOOPBACK;
      expect(await postWebhook(`http://127.0.0.1:${port}/h`, '{}', {}, 2000)).toMatchObject({ httpStatus: null, error: expect.stringMatching(/refused/) });
      expect(await postWebhook(`http://localhost:${port}/h`, '{}', {}, 2000)).toMatchObject({ httpStatus: null, error: expect.stringMatching(/not a public internet address/) });
      expect(heard).toBe(0);
      process.env.WEBHOOK_ALLOW_LOOPBACK = '1';
      expect(await postWebhook(`http://127.0.0.1:${port}/h`, '{}', {}, 2000)).toEqual({ httpStatus: 200, error: null });
      expect(await postWebhook(`http://127.0.0.1:${port}/moved`, '{}', {}, 2000)).toEqual({ httpStatus: 302, error: 'answered 302' });
      expect(heard).toBe(2);
    } finally {
      await new Promise((r) => srv.close(r));
    }
  });
});

describe('webhook secrets at rest', () => {
  it('seals with AES-256-GCM: a fresh IV each time, opens to the secret, refuses an altered value or another key', () => {
    const secret = 'a'.repeat(64);
    const a = sealSecret(secret);
    const b = sealSecret(secret);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(openSecret(a)).toBe(secret);
    const body = a.slice(3);
    const flipped = `v1.${body.slice(0, 5)}${body[5] === 'A' ? 'B' : 'A'}${body.slice(6)}`;
    expect(() => openSecret(flipped)).toThrow();
    const other = Buffer.alloc(32, 7);
    expect(() => openSecret(a, other)).toThrow();
    expect(openSecret(sealSecret(secret, other), other)).toBe(secret);
  });
  it('reads the key from WEBHOOK_SECRET_KEY (hex or base64, 32 bytes) and falls back to the development key outside production', () => {
    expect(webhookSecretKey({} as NodeJS.ProcessEnv).toString('hex')).toBe(DEV_WEBHOOK_SECRET_KEY);
    expect(webhookSecretKey({ WEBHOOK_SECRET_KEY: 'ab'.repeat(32) } as NodeJS.ProcessEnv).toString('hex')).toBe('ab'.repeat(32));
    expect(webhookSecretKey({ WEBHOOK_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') } as NodeJS.ProcessEnv)).toEqual(Buffer.alloc(32, 1));
    expect(() => webhookSecretKey({ WEBHOOK_SECRET_KEY: 'short' } as NodeJS.ProcessEnv)).toThrow(/32 bytes/);
  });
});

describe('icsFeed', () => {
  it('writes UTC events with stable UIDs, cancelled ones as CANCELLED, folded lines, CRLF', () => {
    const ics = icsFeed({
      name: 'Bệnh viện A, chi nhánh có một cái tên rất dài để gập dòng theo RFC 5545',
      timeZone: 'Asia/Ho_Chi_Minh',
      location: 'Bệnh viện A, 1 Đường B',
      stamp: new Date('2026-12-01T00:00:00Z'),
      events: [
        { uid: 'BK00000A@suckhoeviet.vn', code: 'BK00000A', kindLabel: 'Khám tại viện', statusLabel: 'Đã xác nhận', who: 'BS. C', cancelled: false, startsAt: new Date('2026-12-02T02:00:00Z'), endsAt: new Date('2026-12-02T02:30:00Z'), updatedAt: new Date('2026-12-01T00:00:00Z') },
        { uid: 'BK00000B@suckhoeviet.vn', code: 'BK00000B', kindLabel: 'Khám từ xa', statusLabel: 'Đã hủy', who: null, cancelled: true, startsAt: new Date('2026-12-03T02:00:00Z'), endsAt: new Date('2026-12-03T02:30:00Z'), updatedAt: new Date('2026-12-01T00:00:00Z') },
      ],
    });
    expect(ics.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const events = ics.split('BEGIN:VEVENT').slice(1);
    expect(events[0]).toContain('DTSTART:20261202T020000Z\r\n');
    expect(events[0]).toContain('SUMMARY:BK00000A · Khám tại viện · BS. C\r\n');
    expect(events[0]).toContain('STATUS:CONFIRMED');
    expect(events[1]).toContain('UID:BK00000B@suckhoeviet.vn');
    expect(events[1]).toContain('STATUS:CANCELLED');
    expect(ics).toContain('X-WR-TIMEZONE:Asia/Ho_Chi_Minh');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
