/**
 * The booking flow survives a crash of the functions server (issue #26, reliability). The server runs as a child
 * process (tests/db/support/crash-server.ts) over the test database and is killed with SIGKILL — no shutdown
 * code runs, its connections simply vanish:
 * - between hold and confirm: the booking stays a hold with its expiry (counted in the slot as a hold only, not
 *   confirmed, no payment, no mail); a second server process answers the same idempotency key with the same
 *   booking and confirms it once;
 * - between hold and confirm, then the hold runs out: the expiry job (functions/booking-expiry.ts → expire_holds)
 *   frees the slot and another patient holds it; the first patient's late confirm is refused;
 * - during confirm: the booking row is locked from the test's connection so confirm deterministically waits
 *   inside private.confirm_hold, the server is killed there, the lock released: nothing of the confirmation is
 *   written (the request's transaction never commits without its server), and a new server confirms it once.
 *
 * PostgreSQL 15 only: the child must open the same database from another process, and PGlite is an in-process,
 * single-connection engine (src/data/db.ts) that another process cannot share. No skip: the PostgreSQL server is
 * provided by the db project's global setup (tests/db/support/global-setup.ts), which fails loudly without it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/data/db';
import { useDatabase } from '../../src/server/runtime';
import { buildDatabase, createServerDatabase, dropServerDatabase } from '../../scripts/lib/db-setup';
import { uniqueDatabaseName } from '../../scripts/lib/pg-server';
import { ACCOUNTS } from '../../supabase/seed/accounts';
import { signAccessToken } from '../support/tokens';
import { freeDoctorSlot, type FreeSlot } from '../support/booking';
import runBookingExpiry from '../../functions/booking-expiry';

const root = path.resolve(import.meta.dirname, '../..');
const serverScript = path.join(root, 'tests/db/support/crash-server.ts');
const key = () => crypto.randomUUID().replace(/-/g, '') + 'k';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Child { proc: ChildProcess; url: string; app: string }

describe('booking flow across a killed server [postgres]', () => {
  let db: Database;
  let dbUrl: string;
  let dbName: string;
  let patient: string;
  let other: string;
  let serial = 0;
  const children = new Set<ChildProcess>();

  /** A functions server in its own process over the test database; resolves once it listens. */
  function startChild(): Promise<Child> {
    const app = `booking-crash-${process.pid}-${++serial}`;
    // `node --import tsx` (not the tsx CLI, which runs the script in a grandchild a SIGKILL would not reach).
    const proc = spawn(process.execPath, ['--import', 'tsx', serverScript], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl, PGAPPNAME: app, RATE_LIMIT_BOOKING_CREATE: '1000/600' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(proc);
    proc.on('exit', () => children.delete(proc));
    return new Promise((resolve, reject) => {
      let out = '';
      let err = '';
      const timer = setTimeout(() => reject(new Error(`crash-server did not start in 30 s: ${err}`)), 30_000);
      proc.stderr!.on('data', (d) => (err += d));
      proc.stdout!.on('data', (d) => {
        out += d;
        const m = /PORT (\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve({ proc, url: `http://127.0.0.1:${m[1]}`, app });
        }
      });
      proc.on('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`crash-server exited (${code ?? signal}) before listening: ${err}`));
      });
    });
  }

  /** The database sessions of a server process. */
  async function sessionsOf(child: Child, extra = 'true'): Promise<number> {
    const { rows } = await db.pool.query(`select count(*)::int as n from pg_stat_activity where application_name = $1 and ${extra}`, [child.app]);
    return rows[0].n;
  }

  async function waitFor(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  }

  /** SIGKILL, then wait until the process is gone and PostgreSQL has ended every session it had. */
  async function kill(child: Child): Promise<void> {
    if (child.proc.exitCode === null && child.proc.signalCode === null) {
      const exited = new Promise((r) => child.proc.once('exit', r));
      child.proc.kill('SIGKILL');
      await exited;
    }
    expect(child.proc.signalCode).toBe('SIGKILL');
  }
  const sessionsGone = (child: Child) => waitFor(`the sessions of ${child.app} to end`, async () => (await sessionsOf(child)) === 0);

  const call = (server: Child, path: string, token: string, body?: unknown) =>
    fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const hold = (server: Child, token: string, s: FreeSlot, k: string) =>
    call(server, '/api/bookings/holds', token, { kind: 'doctor', doctorId: s.doctorId, date: s.date, scheduleId: s.slotId, telemedicine: s.kind === 'telemedicine', idempotencyKey: k });
  const confirmBody = { familyMemberId: null, contactPhone: '+84 901 234 567', note: 'After a crash', paymentMethod: 'cash-on-delivery' };

  /** Everything the database says about a booking and its slot, through the test's superuser connection. */
  async function stateOf(bookingId: number) {
    const { rows } = await db.pool.query(
      `select b.status, b.hold_expires_at > now() as hold_alive, extract(epoch from b.hold_expires_at - b.created_at) / 60 as hold_minutes,
              b.contact_phone, b.payment_method, b.note, ts.booked, ts.capacity,
              (select count(*)::int from public.bookings x where x.slot_id = b.slot_id and x.status in ('hold', 'confirmed')) as live_on_slot,
              (select count(*)::int from public.bookings x where x.slot_id = b.slot_id and x.status = 'confirmed') as confirmed_on_slot,
              (select count(*)::int from public.payments p where p.booking_id = b.id) as payments,
              (select count(*)::int from public.outbox o where o.dedupe_key like 'booking-confirmed:' || b.id || ':%') as mails
         from public.bookings b join public.time_slots ts on ts.id = b.slot_id where b.id = $1`,
      [bookingId],
    );
    return rows[0];
  }

  /** A hold as the crash leaves it: alive, counted in the slot as this hold only, nothing of a confirmation. */
  async function expectPlainHold(bookingId: number) {
    const s = await stateOf(bookingId);
    expect(s).toMatchObject({ status: 'hold', hold_alive: true, contact_phone: null, payment_method: null, note: null, booked: 1, capacity: 1, live_on_slot: 1, confirmed_on_slot: 0, payments: 0, mails: 0 });
    expect(Number(s.hold_minutes)).toBeCloseTo(10, 1);
  }

  beforeAll(async () => {
    const server = inject('pgServerUrl');
    dbName = uniqueDatabaseName('care_crash');
    dbUrl = await createServerDatabase(server, dbName);
    db = await openDatabase({ url: dbUrl, max: 4 });
    await buildDatabase(db, { seed: true });
    // The tokens' sessions go into this database, which the child servers read.
    useDatabase(db);
    patient = await signAccessToken(ACCOUNTS.patient.id);
    other = await signAccessToken(ACCOUNTS.patientOther.id);
  });

  afterAll(async () => {
    for (const proc of children) proc.kill('SIGKILL');
    useDatabase(undefined);
    await db?.close();
    if (dbName) await dropServerDatabase(inject('pgServerUrl'), dbName);
  });

  it('killed between hold and confirm: the hold stays a hold; a new server answers the same key with the same booking and confirms it once', async () => {
    const s = await freeDoctorSlot(db, { kind: 'outpatient', capacity: 1, skip: 101 });
    const k = key();
    const first = await startChild();
    const res = await hold(first, patient, s, k);
    expect(res.status).toBe(200);
    const held = (await res.json())._data;
    expect(held.status).toBe('hold');
    await kill(first);
    await sessionsGone(first);

    await expectPlainHold(held.id);

    const second = await startChild();
    try {
      const again = await hold(second, patient, s, k);
      expect(again.status).toBe(200);
      expect((await again.json())._data).toMatchObject({ id: held.id, status: 'hold', holdExpiresAt: held.holdExpiresAt });
      const { rows } = await db.pool.query(`select count(*)::int as n from public.bookings where idempotency_key = $1`, [k]);
      expect(rows[0].n).toBe(1);
      await expectPlainHold(held.id);

      const ok = await call(second, `/api/bookings/${held.id}/confirm`, patient, confirmBody);
      expect(ok.status).toBe(200);
      expect((await ok.json())._data).toMatchObject({ id: held.id, status: 'confirmed', paymentMethod: 'cash-on-delivery' });
      // A repeat (the page retried) is the same booking, nothing sent twice.
      const repeat = await call(second, `/api/bookings/${held.id}/confirm`, patient, confirmBody);
      expect((await repeat.json())._data).toMatchObject({ id: held.id, status: 'confirmed' });
      expect(await stateOf(held.id)).toMatchObject({ status: 'confirmed', booked: 1, live_on_slot: 1, confirmed_on_slot: 1, payments: 0, mails: 1 });
    } finally {
      await kill(second);
    }
  });

  it('killed between hold and confirm, then the hold runs out: the expiry job frees the slot for another patient; nobody double-booked, nothing charged', async () => {
    const s = await freeDoctorSlot(db, { kind: 'outpatient', capacity: 1, skip: 103 });
    const first = await startChild();
    const held = (await (await hold(first, patient, s, key())).json())._data;
    expect(held.status).toBe('hold');
    await kill(first);
    await sessionsGone(first);
    await expectPlainHold(held.id);

    // The hold's time passes (as the booking-flow test moves it): until the job runs, the slot stays taken.
    await db.pool.query(`update public.bookings set hold_expires_at = now() - interval '1 second' where id = $1`, [held.id]);
    expect((await stateOf(held.id)).booked).toBe(1);
    // The scheduled function itself (functions/booking-expiry.ts: expireStalePayments → expire_holds).
    const job = await runBookingExpiry();
    expect(job.status).toBe(200);
    expect(await stateOf(held.id)).toMatchObject({ status: 'expired', booked: 0, live_on_slot: 0, payments: 0, mails: 0 });

    const second = await startChild();
    try {
      const taken = await hold(second, other, s, key());
      expect(taken.status).toBe(200);
      const theirs = (await taken.json())._data;
      expect(theirs.id).not.toBe(held.id);
      // The first patient's page, confirming late, is refused with the hold gone.
      const late = await call(second, `/api/bookings/${held.id}/confirm`, patient, confirmBody);
      expect(late.status).toBe(409);
      expect((await late.json())._data.reason).toBe('hold-expired');
      expect(await stateOf(held.id)).toMatchObject({ status: 'expired', payments: 0, mails: 0 });
      expect(await stateOf(theirs.id)).toMatchObject({ status: 'hold', booked: 1, capacity: 1, live_on_slot: 1, confirmed_on_slot: 0, payments: 0, mails: 0 });
    } finally {
      await kill(second);
    }
  });

  it('killed during confirm: nothing of the confirmation is written; a new server confirms it exactly once', async () => {
    const s = await freeDoctorSlot(db, { kind: 'outpatient', capacity: 1, skip: 105 });
    const k = key();
    const first = await startChild();
    const held = (await (await hold(first, patient, s, k)).json())._data;
    expect(held.status).toBe('hold');

    // Hold the booking's row lock (private.confirm_hold takes it with `for update`), so confirm waits there.
    const locker = await db.pool.connect();
    let pending: Promise<unknown> | undefined;
    try {
      await locker.query('begin');
      await locker.query(`select 1 from public.bookings where id = $1 for update`, [held.id]);
      pending = call(first, `/api/bookings/${held.id}/confirm`, patient, confirmBody).then(
        (r) => r.status,
        (e: Error) => e,
      );
      await waitFor('confirm to wait on the booking lock', async () => (await sessionsOf(first, `wait_event_type = 'Lock'`)) === 1);
      await kill(first);
      // The client saw the connection drop, never an answer.
      expect(await pending).toBeInstanceOf(Error);
      await locker.query('rollback');
    } finally {
      locker.release();
    }
    // The orphaned session now runs confirm_hold to its end, finds its server gone and rolls back.
    await sessionsGone(first);
    await expectPlainHold(held.id);

    const second = await startChild();
    try {
      const again = await hold(second, patient, s, k);
      expect((await again.json())._data).toMatchObject({ id: held.id, status: 'hold' });
      const ok = await call(second, `/api/bookings/${held.id}/confirm`, patient, confirmBody);
      expect(ok.status).toBe(200);
      expect((await ok.json())._data).toMatchObject({ id: held.id, status: 'confirmed' });
      await call(second, `/api/bookings/${held.id}/confirm`, patient, confirmBody);
      expect(await stateOf(held.id)).toMatchObject({ status: 'confirmed', contact_phone: '+84 901 234 567', booked: 1, live_on_slot: 1, confirmed_on_slot: 1, payments: 0, mails: 1 });
    } finally {
      await kill(second);
    }
  });
});
