/** The cancellation rule's wording before and after booking (issue 36 item 5), in hospital time. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import { cancellationWording, hospitalInstantFormat } from '../../src/lib/cancellation-rule';

// 5 Dec 08:00 in Asia/Jayapura (UTC+9) = 4 Dec 23:00 UTC; the default window of 4 hours ends at 04:00 there.
const deadline = '2026-12-04T19:00:00.000Z';
const jayapura = hospitalInstantFormat('en-PH', 'Asia/Jayapura');

describe('cancellationWording', () => {
  it('before confirming, with the deadline ahead: until when, in hospital time', () => {
    const w = cancellationWording(deadline, Date.parse('2026-11-28T02:00:00Z'), 'before', jayapura);
    expect(w.open).toBe(true);
    expect(w.key).toBe('booking.cancelRule.until');
    expect(translate('en-PH', w.key, w.params)).toBe('You can cancel or move this appointment online until Dec 5, 2026, 04:00 (hospital time).');
  });

  it('before confirming a slot already inside the window: says so plainly', () => {
    const w = cancellationWording(deadline, Date.parse('2026-12-04T20:00:00Z'), 'before', jayapura);
    expect(w.open).toBe(false);
    expect(translate('en-PH', w.key, w.params)).toMatch(/^Please note: this time is already inside the cancellation window\. Once you confirm, .* until Dec 5, 2026, 04:00, hospital time\)\.$/);
  });

  it('the deadline itself is still open; one millisecond later it is not', () => {
    expect(cancellationWording(deadline, Date.parse(deadline), 'after', jayapura).open).toBe(true);
    expect(cancellationWording(deadline, Date.parse(deadline) + 1, 'after', jayapura).open).toBe(false);
  });

  it('after booking: the same facts with my appointments\' words', () => {
    const open = cancellationWording(deadline, Date.parse('2026-12-01T00:00:00Z'), 'after', jayapura);
    expect(open.key).toBe('account.bookings.changeUntil');
    const passed = cancellationWording(deadline, Date.parse('2026-12-04T22:00:00Z'), 'after', jayapura);
    expect(translate('en-PH', passed.key, passed.params)).toBe('This appointment can no longer be cancelled or rescheduled: that was possible until Dec 5, 2026, 04:00.');
  });

  it('words the hospital\'s time, not the browser\'s, in each language', () => {
    const vi = cancellationWording(deadline, 0, 'before', hospitalInstantFormat('vi-VN', 'Asia/Ho_Chi_Minh'));
    expect(translate('vi-VN', vi.key, vi.params)).toContain('02:00');
    const id = cancellationWording(deadline, 0, 'before', hospitalInstantFormat('id-ID', 'Asia/Jayapura'));
    expect(translate('id-ID', id.key, id.params)).toContain('04.00');
  });
});
