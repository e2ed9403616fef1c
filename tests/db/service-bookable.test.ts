/**
 * Issue #38 item 21 on both engines: a hospital service's card offers 'Book Service' only when the service has a
 * free slot within the next 180 days (NEAREST_HORIZON_DAYS); its slots withdrawn, the card stops offering it.
 */
import { expect, it } from 'vitest';
import { hospitalServices } from '../../src/data/hospital-page';
import { serviceCardModel } from '../../src/lib/hospital-cards';
import { describeEachEngine } from './support/engines';

describeEachEngine('service card bookable', { seed: true }, (ctx) => {
  it('is bookable with a free slot ahead, and not once every slot is withdrawn', async () => {
    const { rows } = await ctx.db.pool.query(
      `select s.id, s.hospital_id, s.name from public.hospital_services s
        where s.availability <> 0 and exists (select 1 from public.schedules sc join public.time_slots ts on ts.schedule_id = sc.id
                                               where sc.service_id = s.id and sc.working_day >= current_date and ts.booked < ts.capacity and ts.withdrawn_at is null)
        order by s.id limit 1`,
    );
    const { id, hospital_id: hospitalId, name } = rows[0];
    const card = async () => {
      const client = await ctx.db.pool.connect();
      try {
        const page = await hospitalServices(client, { id: Number(hospitalId), keyword: name, page: 1 });
        const s = page.items.find((x) => x.id === Number(id));
        return s ? serviceCardModel('vi-VN', s, '/vi-vn/h/') : null;
      } finally {
        client.release();
      }
    };
    expect((await card())!.canBook).toBe(true);
    await ctx.db.pool.query(`update public.time_slots ts set withdrawn_at = now() from public.schedules sc where sc.id = ts.schedule_id and sc.service_id = $1`, [id]);
    expect((await card())!.canBook).toBe(false);
  });
});
