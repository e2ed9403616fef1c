/** The e-mail of a change (issue 36 item 4): cancelled, rescheduled or changed, by the patient or the hospital. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/strings';
import { bookingChangeMail } from '../../src/server/booking-change-mail';
import type { ConfirmationFacts } from '../../src/server/booking-mail';

const facts: ConfirmationFacts = {
  bookingId: 1234,
  date: '2026-12-05',
  start: '08:00',
  end: '08:30',
  timeZone: 'Asia/Ho_Chi_Minh',
  marketLocale: 'vi-VN',
  who: 'BS. Phạm Thị Lan',
  hospitalName: 'Phòng khám Đa khoa Phúc An',
  address: '12 Lê Lợi, Quận 1',
  finalPrice: 550000,
  currency: 'VND',
  priceVisible: true,
  paymentMethod: 'wallet',
  appointmentType: 'telemedicine',
  bookingStatus: 'cancelled',
  payments: [{ status: 'refund-pending', amount: 550000, currency: 'VND', checkoutUrl: null, expiresAt: '2026-11-28T10:00:00Z', refundAmount: 550000 }],
  videoUrl: 'https://meet.jit.si/0123456789abcdef0123456789abcdef',
  patientName: 'Nguyễn Thị Hoa',
  patientEmail: 'hoa@example.vn',
  patientLocale: null,
  familyName: null,
  familyEmail: null,
  notifyTo: null,
};
const stamp = new Date('2026-11-28T09:00:00Z');

describe('bookingChangeMail', () => {
  it('a hospital cancellation: its reason, the refund with the amount, the event cancelled, in the market language', () => {
    const m = bookingChangeMail(facts, { kind: 'cancelled', by: 'hospital', reason: 'Bác sĩ nghỉ đột xuất' }, stamp);
    expect(m.locale).toBe('vi-VN');
    expect(m.subject).toBe(translate('vi-VN', 'booking.change.subject.cancelled', { code: 'BK' + m.subject.split('BK')[1] }));
    expect(m.text).toContain(translate('vi-VN', 'booking.change.lead.cancelledByHospital'));
    expect(m.text).toContain(`${translate('vi-VN', 'booking.change.reason')}: Bác sĩ nghỉ đột xuất`);
    expect(m.text).toMatch(/Đang hoàn tiền 550\.000\s?₫/);
    // A cancelled video visit gives no room to join.
    expect(m.text).not.toContain(facts.videoUrl!);
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0].ics).toContain('METHOD:CANCEL');
  });

  it("a patient's own cancellation gives no reason; the patient's language wins over the market's", () => {
    const m = bookingChangeMail({ ...facts, patientLocale: 'en-PH' }, { kind: 'cancelled', by: 'patient', reason: 'ignored' }, stamp);
    expect(m.locale).toBe('en-PH');
    expect(m.text).toContain('As you asked, the appointment below has been cancelled.');
    expect(m.text).not.toContain('Reason');
  });

  it('a reschedule: the new time, the previous one, the room, the new event and the old one cancelled', () => {
    const m = bookingChangeMail({ ...facts, bookingStatus: 'confirmed', payments: [{ ...facts.payments[0], status: 'paid', refundAmount: null }] }, { kind: 'rescheduled', by: 'hospital' }, stamp, { bookingId: 1200, date: '2026-12-04', start: '09:00', end: '09:30' });
    expect(m.text).toContain(translate('vi-VN', 'booking.change.lead.rescheduledByHospital'));
    expect(m.text).toContain(translate('vi-VN', 'booking.change.previousTime'));
    expect(m.text).toContain(facts.videoUrl!);
    expect(m.text).not.toContain(facts.address);
    expect(m.html).toContain(`<a href="${facts.videoUrl}">`);
    expect(m.attachments.map((a) => a.ics.includes('METHOD:CANCEL'))).toEqual([false, true]);
  });

  it('an outpatient change by the hospital keeps the address', () => {
    const m = bookingChangeMail({ ...facts, appointmentType: 'outpatient', videoUrl: null, paymentMethod: 'cash-on-delivery', bookingStatus: 'confirmed', payments: [] }, { kind: 'changed', by: 'hospital' }, stamp);
    expect(m.text).toContain(facts.address);
    expect(m.text).toContain(translate('vi-VN', 'booking.payment.state.atClinic'));
  });
});
