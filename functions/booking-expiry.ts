/**
 * Scheduled function: holds past their time end (expire_holds), and online payments still open past their
 * expiry end as expired and release their slot (src/server/payment-settlement.ts). Every minute on Netlify;
 * locally every few seconds (scripts/lib/scheduled.ts). book_slot also frees expired holds of the slot it books.
 */
import { expireStalePayments } from '../src/server/payment-settlement';
import { serverDatabase } from '../src/server/runtime';

export default async (): Promise<Response> => {
  const expired = await expireStalePayments(await serverDatabase());
  if (expired) console.log(JSON.stringify({ fn: 'booking-expiry', paymentsExpired: expired }));
  return Response.json({ paymentsExpired: expired }, { headers: { 'cache-control': 'no-store' } });
};

export const config = { schedule: '* * * * *' };
