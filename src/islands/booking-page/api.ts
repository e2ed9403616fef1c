/** The booking page's calls (functions/bookings.ts), in the envelope; failures keep the server's reason. */
import type { Quote } from '../../lib/booking';
import type { PaymentRecord } from '../../lib/payment-state';
import { pageLanguageHeader } from '../../scripts/page-locale';
export interface BookingView {
  id: number;
  code: string;
  status: 'hold' | 'awaiting-payment' | 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'expired';
  kind: 'doctor' | 'service';
  appointmentType: 'outpatient' | 'telemedicine' | 'service';
  holdExpiresAt: string | null;
  serverNow: string;
  date: string;
  start: string;
  end: string;
  timeZone: string;
  /** The hospital's city, shown for the zone (never the zone id). */
  timeZoneCity: string;
  marketLocale: string;
  currency: string;
  doctor: { id: number; name: string; avatar: string | null; specialties: string[]; babyFormulaCampaign: boolean } | null;
  service: { id: number; name: string; logo: string | null } | null;
  hospital: { id: number; name: string; address: string };
  familyMemberId: number | null;
  contactPhone: string | null;
  note: string | null;
  paymentMethod: string | null;
  voucherId: number | null;
  paymentOptions: string[];
  vouchers: { id: number; code: string; name: string; sponsor: string | null; communicationType: string; discountAmount: number | null; discountPercentage: number | null }[];
  quote: Quote;
  checkoutUrl: string | null;
  startsAt: string;
  videoUrl: string | null;
  payments: PaymentRecord[];
  cancelUntil: string;
  cancelWindowMinutes: number;
  insideCancelWindow: boolean;
  priceInput: { price: number; priceTo: number | null; priceType: string; promotionPercent: number | null; originalPrice: number | null; partnerGroup: boolean; priceOverride: boolean };
  pagePath: string;
}

export interface Me {
  profile: { name: string | null; phone: string | null; email: string | null } | null;
  onboarding: { onboarded: boolean };
  familyMembers: { id: number; name: string; relation: string }[];
}

export class BookingCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly data: { reason?: string; pickAnother?: string | null; bufferTime?: number } | null,
  ) {
    super(message);
  }
}

export async function api<T>(token: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      ...init,
      headers: { accept: 'application/json', ...pageLanguageHeader(), authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new BookingCallError('network', 0, null);
  }
  let env: { _status: number; _messages: string[]; _data: unknown } | null = null;
  try {
    env = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok || !env || env._status !== 1) throw new BookingCallError(env?._messages?.[0] ?? `HTTP ${res.status}`, res.status, (env?._data as BookingCallError['data']) ?? null);
  return env._data as T;
}

/** One idempotency key per visit of this booking address, kept for the tab's life (reloads, retries). */
export function visitKey(address: string): string {
  const k = `care.booking.key:${address}`;
  try {
    const kept = sessionStorage.getItem(k);
    if (kept) return kept;
    const made = crypto.randomUUID().replace(/-/g, '');
    sessionStorage.setItem(k, made);
    return made;
  } catch {
    return crypto.randomUUID().replace(/-/g, '');
  }
}
