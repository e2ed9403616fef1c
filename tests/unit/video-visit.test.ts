/** Telemedicine visits (issue 36 item 1): the video provider seam, when Join is active, the patient's own zone. */
import { describe, expect, it } from 'vitest';
import { jitsiMeet, videoProviderFromEnv } from '../../src/server/video-provider';
import { JOIN_OPENS_MINUTES_BEFORE, joinState, zonedText, zonesDiffer } from '../../src/lib/video-visit';
import { icsCalendar } from '../../src/lib/calendar-event';
import { reminderMail } from '../../src/lib/booking-reminders';
import { translate } from '../../i18n/strings';

const room = { reference: 'BK000001', startsAt: new Date('2026-12-05T01:00:00Z'), endsAt: new Date('2026-12-05T01:30:00Z') };

describe('video provider', () => {
  it('the default needs no account: an unguessable Jitsi Meet room of 128 random bits', async () => {
    const a = await jitsiMeet().createRoom(room);
    const b = await jitsiMeet().createRoom(room);
    expect(a.provider).toBe('jitsi');
    expect(a.url).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/);
    expect(b.url).not.toBe(a.url);
    // Nothing of the booking is in the address.
    expect(a.url).not.toContain('BK000001');
  });

  it('takes its randomness and a self-hosted server, and refuses a plain-http one', async () => {
    const fixed = jitsiMeet('https://video.example-hospital.vn/', (n) => Buffer.alloc(n, 0xab));
    expect((await fixed.createRoom(room)).url).toBe(`https://video.example-hospital.vn/${'ab'.repeat(16)}`);
    expect(() => jitsiMeet('http://meet.example')).toThrow(/https/);
  });

  it('is chosen by VIDEO_PROVIDER (default jitsi) and VIDEO_JITSI_URL', async () => {
    expect(videoProviderFromEnv({}).name).toBe('jitsi');
    expect((await videoProviderFromEnv({ VIDEO_JITSI_URL: 'https://meet.example.org' }).createRoom(room)).url).toMatch(/^https:\/\/meet\.example\.org\/[0-9a-f]{32}$/);
    expect(() => videoProviderFromEnv({ VIDEO_PROVIDER: 'unknown' })).toThrow(/VIDEO_PROVIDER/);
  });
});

describe('joinState (an injected clock)', () => {
  const start = '2026-12-05T01:00:00.000Z';
  const end = '2026-12-05T01:30:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it('is early until 15 minutes before the start, saying when it opens', () => {
    expect(JOIN_OPENS_MINUTES_BEFORE).toBe(15);
    expect(joinState(start, end, at('2026-12-05T00:44:59.999Z'))).toEqual({ state: 'early', opensAt: at('2026-12-05T00:45:00Z') });
  });
  it('is open from 15 minutes before the start until the end', () => {
    expect(joinState(start, end, at('2026-12-05T00:45:00Z'))).toEqual({ state: 'open' });
    expect(joinState(start, end, at('2026-12-05T01:10:00Z'))).toEqual({ state: 'open' });
    expect(joinState(start, end, at(end))).toEqual({ state: 'open' });
  });
  it('has ended after the end (30 minutes after the start when the end is unknown)', () => {
    expect(joinState(start, end, at(end) + 1)).toEqual({ state: 'ended' });
    expect(joinState(start, null, at('2026-12-05T01:29:00Z')).state).toBe('open');
    expect(joinState(start, null, at('2026-12-05T01:31:00Z')).state).toBe('ended');
  });
});

describe("the patient's own time", () => {
  it('is shown when the zone differs from the hospital\'s at that instant (Jakarta patient, Jayapura hospital)', () => {
    expect(zonesDiffer('2026-12-05T01:00:00Z', 'Asia/Jayapura', 'Asia/Jakarta')).toBe(true);
    expect(zonedText('en-PH', '2026-12-05T01:00:00Z', 'Asia/Jakarta')).toMatch(/Dec 5.*08:00/);
    expect(zonedText('en-PH', '2026-12-05T01:00:00Z', 'Asia/Jayapura')).toMatch(/Dec 5.*10:00/);
  });
  it('is not shown for the same zone, another zone of the same offset, or an unknown one', () => {
    expect(zonesDiffer('2026-12-05T01:00:00Z', 'Asia/Jakarta', 'Asia/Jakarta')).toBe(false);
    expect(zonesDiffer('2026-12-05T01:00:00Z', 'Asia/Jakarta', 'Asia/Bangkok')).toBe(false);
    expect(zonesDiffer('2026-12-05T01:00:00Z', 'Asia/Jakarta', null)).toBe(false);
  });
});

describe('calendar file of a changed or video visit', () => {
  const base = { uid: 'BK1@x', title: 'T', description: 'D', location: 'https://meet.jit.si/abc', date: '2026-12-05', start: '08:00', end: '08:30', timeZone: 'Asia/Jakarta', reminderMinutes: 60, stamp: new Date('2026-11-28T00:00:00Z') };
  it('a cancellation cancels the same event, without an alarm', () => {
    const ics = icsCalendar({ ...base, cancelled: true, sequence: 1 });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).not.toContain('VALARM');
  });
  it('a video visit carries its room as the URL', () => {
    expect(icsCalendar({ ...base, url: 'https://meet.jit.si/abc' })).toContain('URL:https://meet.jit.si/abc');
  });
});

describe('reminders of a video visit', () => {
  it('give the join link and how to join, not the address nor "arrive early"', () => {
    const booking = { bookingId: 7, status: 'confirmed', startsAt: 0, createdAt: 0, date: '2026-12-05', start: '08:00', end: '08:30', timeZone: 'Asia/Jakarta', who: 'dr. Rizky Lestari', hospitalName: 'RSIA Utama', address: 'Jl. Sudirman 1', forName: null, recipients: [], videoUrl: 'https://meet.jit.si/0123456789abcdef0123456789abcdef' };
    const mail = reminderMail({ to: 'a@b.test', locale: 'id-ID', date: '2026-12-05', leadHours: 2, dedupeKey: 'k', bookings: [booking] }, 'https://sehatkita.co.id');
    expect(mail.text).toContain(booking.videoUrl);
    expect(mail.text).not.toContain('Jl. Sudirman 1');
    expect(mail.text).toContain(translate('id-ID', 'account.reminder.footerVideo', { hotline: '', email: '' }).split('.')[0]);
    expect(mail.text).not.toContain(translate('id-ID', 'account.reminder.footer', { hotline: '', email: '' }).split('.')[0]);
    expect(mail.html).toContain(`<a href="${booking.videoUrl}">`);
  });
});
