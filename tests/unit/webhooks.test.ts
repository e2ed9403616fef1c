import { describe, expect, it } from 'vitest';
import { backoffMs, bookingEvents, MAX_ATTEMPTS, shouldPause, signWebhook, verifyWebhook, webhookPayload, PAUSE_AFTER_FAILURES } from '../../src/lib/webhooks';
import { createHmac } from 'node:crypto';

describe('booking events', () => {
  const ev = (oldStatus: string | null, newStatus: string, rescheduledFromId: number | null = null) => bookingEvents({ oldStatus, newStatus, rescheduledFromId });
  it('names what a status change is', () => {
    expect(ev('hold', 'pending')).toEqual(['created']);
    expect(ev('hold', 'confirmed')).toEqual(['created', 'confirmed']);
    expect(ev(null, 'confirmed', 9)).toEqual(['rescheduled', 'confirmed']);
    expect(ev('pending', 'confirmed')).toEqual(['confirmed']);
    expect(ev('confirmed', 'cancelled')).toEqual(['cancelled']);
    expect(ev('confirmed', 'completed')).toEqual(['completed']);
    expect(ev('confirmed', 'no_show')).toEqual(['no_show']);
    expect(ev('confirmed', 'confirmed')).toEqual(['rescheduled']);
    expect(ev('hold', 'cancelled')).toEqual([]);
  });
});

describe('signature', () => {
  it('is HMAC-SHA256 of "timestamp.body" with the secret, as a receiver computes it', async () => {
    const body = JSON.stringify({ a: 1 });
    const header = await signWebhook('s3cret', 1_700_000_000, body);
    expect(header).toBe(`t=1700000000,v1=${createHmac('sha256', 's3cret').update(`1700000000.${body}`).digest('hex')}`);
    expect(await verifyWebhook('s3cret', header, body, 1_700_000_100)).toBe(true);
    expect(await verifyWebhook('other', header, body, 1_700_000_100)).toBe(false);
    expect(await verifyWebhook('s3cret', header, body + ' ', 1_700_000_100)).toBe(false);
    // Too old: a replay is refused.
    expect(await verifyWebhook('s3cret', header, body, 1_700_000_000 + 301)).toBe(false);
    expect(await verifyWebhook('s3cret', 'nonsense', body, 1_700_000_000)).toBe(false);
  });
});

describe('retries', () => {
  it('waits 1, 2, 4 … minutes, at most an hour, and pauses a hook after repeated failures', () => {
    expect([1, 2, 3, 4, 7, 12].map((n) => backoffMs(n) / 60_000)).toEqual([1, 2, 4, 8, 60, 60]);
    expect(MAX_ATTEMPTS).toBeGreaterThan(1);
    expect(shouldPause(PAUSE_AFTER_FAILURES - 1)).toBe(false);
    expect(shouldPause(PAUSE_AFTER_FAILURES)).toBe(true);
  });
});

describe('payload', () => {
  it('carries ids and times only', () => {
    const p = webhookPayload(5, 'confirmed', '2026-11-28T10:00:00.000Z', { id: 1, hospitalId: 2, doctorId: 3, serviceId: null, status: 'confirmed', startsAt: '2026-12-01T02:00:00.000Z', appointmentType: 'outpatient', rescheduledFromId: null });
    expect(p).toEqual({
      id: 'evt_5_confirmed',
      event: 'booking.confirmed',
      occurred_at: '2026-11-28T10:00:00.000Z',
      booking: { id: 1, hospital_id: 2, doctor_id: 3, service_id: null, status: 'confirmed', starts_at: '2026-12-01T02:00:00.000Z', appointment_type: 'outpatient', rescheduled_from_id: null },
    });
  });
});
