/**
 * Seed of the booking flow (issue #26): a patient signed in through a social login that gave no e-mail (their
 * address is the social login's placeholder), onboarded, for the social-login warning of SPEC §4 and §8; and a
 * vi-VN voucher obtained offline and an online one on the demo doctor's hospital, for the voucher rules.
 */
import type { Database } from '../../src/data/db';
import { DEMO_PASSWORD } from './accounts';

export const SOCIAL_PLACEHOLDER_PATIENT = {
  id: '00000000-0000-4000-a000-000000000010',
  email: 'zalo-84901000099@social.placeholder',
  description: 'Onboarded patient signed in through a social login without e-mail (placeholder address): the social-login warning',
} as const;

export async function seedBooking(db: Database): Promise<void> {
  const p = SOCIAL_PLACEHOLDER_PATIENT;
  await db.pool.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, extensions.crypt($3, extensions.gen_salt('bf', 6)), now(), '84901000099', now(),
             '{"provider":"zalo","providers":["zalo"]}', '{"name":"Đặng Thu Trang"}')
     on conflict (id) do nothing`,
    [p.id, p.email, DEMO_PASSWORD],
  );
  await db.pool.query(
    `insert into public.patients (user_id, name, phone, phone_verified_at, email, email_verified_at, birthday, gender, country_id)
     values ($1, 'Đặng Thu Trang', '+84901000099', now(), $2, now(), '1992-03-08', 2, 1)
     on conflict (user_id) do nothing`,
    [p.id, p.email],
  );
  // Vouchers of the first vi-VN hospital: one given out by the hotline (the notice), one applied on the page.
  await db.pool.query(
    `with v as (
       insert into public.vouchers (country_id, code, name, sponsor, communication_type, discount_amount, discount_percentage)
       values (1, 'BOOK10', 'Giảm 10% phí khám', 'Sức Khỏe Việt', 'other', null, 10),
              (1, 'HOTLINE50', 'Voucher 50.000 ₫ qua tổng đài', 'Sức Khỏe Việt', 'offline', 50000, null)
       on conflict (country_id, code) do nothing
       returning id)
     insert into public.voucher_targets (voucher_id, hospital_id) select id, 1 from v`,
  );
}
