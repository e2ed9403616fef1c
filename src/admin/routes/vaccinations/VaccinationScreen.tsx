/**
 * /admin/vaccination (issue 37): the vaccines of the organization's market (the top bar's hospital) against its
 * branches the caller manages: per cell a price (in the market's currency), a discount percent and a status
 * (available, out of stock, limit). Bulk edit: tick vaccines (rows) and branches (columns), set any of price,
 * discount and status, apply to the ticked cells; then one save sends the changed cells. Out of stock keeps the
 * vaccine's public page published.
 */
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { applyBulk, VACCINE_STATUSES, type AdminVaccineCell, type VaccineStatus } from '../../../lib/admin-organizations';
import { formatMoney } from '../../../lib/format';
import { useSaveVaccinePrices, useVaccineGrid } from '../../data/organizations/queries';
import { useMe } from '../../data/me/queries';
import { useT, type AdminKey } from '../../i18n';
import { baseListSchema, useListState } from '../../kit/list-state';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { Spinner } from '../../kit/Spinner';
import { staffCountryId } from '../../../lib/admin-market';
import { useOrganizationMarket } from '../../data/go-live/queries';
import { VaccineDetails } from './vaccine-details/VaccineDetails';

const state = baseListSchema.extend({
  hospital_id: z.coerce.number().int().positive().optional().catch(undefined),
  branch_id: z.coerce.number().int().positive().optional().catch(undefined),
  /** prices: the vaccine × branch grid; vaccines: the vaccines' details (vaccine-details/). */
  view: z.enum(['prices', 'vaccines']).optional().catch(undefined),
});
const STATUS_LABELS: Record<VaccineStatus, AdminKey> = {
  available: 'admin.vaccinations.status.available',
  out_of_stock: 'admin.vaccinations.status.outOfStock',
  limit: 'admin.vaccinations.status.limit',
};
const key = (c: Pick<AdminVaccineCell, 'vaccineId' | 'hospitalId'>) => `${c.vaccineId}:${c.hospitalId}`;

export default function VaccinationScreen() {
  const { t, locale } = useT();
  const me = useMe().data!;
  const [s, update] = useListState(state);
  const hospitalId = s.hospital_id ?? me.hospital?.id ?? null;
  const market = useOrganizationMarket(hospitalId);
  const view = s.view ?? 'prices';
  const views = (
    <div className="tabs" role="tablist" aria-label={t('admin.menu.vaccination')}>
      {(['prices', 'vaccines'] as const).map((v) => (
        <button key={v} type="button" role="tab" aria-selected={view === v} className={`tab${view === v ? ' tab-active' : ''}`} onClick={() => update({ view: v === 'prices' ? undefined : v })}>
          {t(v === 'prices' ? 'admin.goLive.vaccines.pricesTab' : 'admin.goLive.vaccines.detailsTab')}
        </button>
      ))}
    </div>
  );
  if (view === 'vaccines') {
    if (hospitalId != null && market.isPending) return <Spinner />;
    return (
      <>
        {views}
        <VaccineDetails countryId={market.data ?? staffCountryId(me, locale)} />
      </>
    );
  }
  return (
    <>
      {views}
      <VaccinePrices hospitalId={hospitalId} branchId={s.branch_id} />
    </>
  );
}

function VaccinePrices({ hospitalId, branchId }: { hospitalId: number | null; branchId?: number }) {
  const { t } = useT();
  const grid = useVaccineGrid(hospitalId);
  if (hospitalId == null) return <p className="empty-state">{t('admin.vaccinations.chooseOrganization')}</p>;
  if (grid.isPending) return <Spinner />;
  if (grid.isError) return <LoadFailure error={grid.error} />;
  return <Grid key={hospitalId} data={grid.data} branchFilter={branchId} />;
}

function Grid({ data, branchFilter }: { data: NonNullable<ReturnType<typeof useVaccineGrid>['data']>; branchFilter?: number }) {
  const { t, locale } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const save = useSaveVaccinePrices();
  const branches = data.branches.filter((b) => !branchFilter || b.id === branchFilter);
  const initial = useMemo(() => {
    const byKey = new Map(data.cells.map((c) => [key(c), c]));
    return data.vaccines.flatMap((v) => branches.map((b) => byKey.get(key({ vaccineId: v.id, hospitalId: b.id })) ?? { vaccineId: v.id, hospitalId: b.id, vaccineDetailId: null, price: null, percentDiscount: null, status: null }));
  }, [data, branches]);
  const [cells, setCells] = useState<AdminVaccineCell[]>(initial);
  const [rows, setRows] = useState<Set<number>>(new Set());
  const [cols, setCols] = useState<Set<number>>(new Set());
  const [bulk, setBulk] = useState<{ price: string; discount: string; status: '' | VaccineStatus }>({ price: '', discount: '', status: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const original = useMemo(() => new Map(initial.map((c) => [key(c), JSON.stringify(c)])), [initial]);
  const changed = cells.filter((c) => c.status != null && original.get(key(c)) !== JSON.stringify(c));
  const cell = (vaccineId: number, hospitalId: number) => cells.find((c) => c.vaccineId === vaccineId && c.hospitalId === hospitalId)!;
  const edit = (c: AdminVaccineCell, patch: Partial<AdminVaccineCell>) => setCells((all) => all.map((x) => (key(x) === key(c) ? { ...x, status: x.status ?? 'available', price: x.price ?? 0, ...patch } : x)));
  const toggle = (set: Set<number>, id: number, update: (s: Set<number>) => void) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    update(next);
  };

  const applyToSelected = () => {
    setCells((all) =>
      applyBulk(all, (c) => rows.has(c.vaccineId) && cols.has(c.hospitalId), {
        price: bulk.price === '' ? undefined : Number(bulk.price),
        percentDiscount: bulk.discount === '' ? undefined : Number(bulk.discount),
        status: bulk.status || undefined,
      }),
    );
  };
  const onSave = () => {
    setFailure(null);
    save.mutate(
      changed.map((c) => ({ vaccine_id: c.vaccineId, hospital_id: c.hospitalId, price: c.price ?? 0, percent_discount: c.percentDiscount, status: c.status! })),
      { onSuccess: ({ messages }) => notify('success', messages[0] ?? t('admin.vaccinations.saved')), onError: (e) => setFailure(errorText(e)) },
    );
  };

  if (data.vaccines.length === 0 || branches.length === 0) return <p className="empty-state">{t('admin.vaccinations.empty')}</p>;
  return (
    <section className="screen" aria-labelledby="vaccination-title">
      <h2 id="vaccination-title" className="sr-only">
        {t('admin.menu.vaccination')}
      </h2>
      <fieldset className="card bulk-edit">
        <legend className="field-label">{t('admin.vaccinations.bulk.title', { rows: rows.size, cols: cols.size })}</legend>
        <label>
          {t('admin.vaccinations.price', { currency: data.currency })}
          <input className="input" type="number" min={0} value={bulk.price} onChange={(e) => setBulk({ ...bulk, price: e.currentTarget.value })} />
        </label>
        <label>
          {t('admin.vaccinations.discount')}
          <input className="input" type="number" min={0} max={100} value={bulk.discount} onChange={(e) => setBulk({ ...bulk, discount: e.currentTarget.value })} />
        </label>
        <label>
          {t('admin.vaccinations.statusLabel')}
          <select className="input" value={bulk.status} onChange={(e) => setBulk({ ...bulk, status: e.currentTarget.value as '' | VaccineStatus })}>
            <option value="">{t('admin.vaccinations.bulk.keep')}</option>
            {VACCINE_STATUSES.map((st) => (
              <option key={st} value={st}>
                {t(STATUS_LABELS[st])}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" disabled={rows.size === 0 || cols.size === 0} onClick={applyToSelected}>
          {t('admin.vaccinations.bulk.apply')}
        </button>
      </fieldset>
      <div className="table-wrap vaccine-grid">
        <table className="table">
          <caption className="sr-only">{t('admin.vaccinations.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.vaccinations.vaccine')}</th>
              {branches.map((b) => (
                <th key={b.id} scope="col">
                  <label className="checkbox">
                    <input type="checkbox" checked={cols.has(b.id)} onChange={() => toggle(cols, b.id, setCols)} aria-label={t('admin.vaccinations.selectBranch', { name: b.name })} /> {b.shortName || b.name}
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.vaccines.map((v) => (
              <tr key={v.id}>
                <th scope="row">
                  <label className="checkbox">
                    <input type="checkbox" checked={rows.has(v.id)} onChange={() => toggle(rows, v.id, setRows)} aria-label={t('admin.vaccinations.selectVaccine', { name: v.displayName || v.name })} /> {v.displayName || v.name}
                  </label>
                  {v.ageGroups.length ? <span className="cell-caption">{v.ageGroups.join(', ')}</span> : null}
                </th>
                {branches.map((b) => {
                  const c = cell(v.id, b.id);
                  const label = `${v.displayName || v.name}, ${b.shortName || b.name}`;
                  return (
                    <td key={b.id} className="vaccine-cell">
                      <input className="input" type="number" min={0} value={c.price ?? ''} placeholder={t('admin.vaccinations.notOffered')} aria-label={t('admin.vaccinations.priceFor', { name: label })} onChange={(e) => edit(c, { price: e.currentTarget.value === '' ? 0 : Number(e.currentTarget.value) })} />
                      <input className="input" type="number" min={0} max={100} value={c.percentDiscount ?? ''} placeholder="%" aria-label={t('admin.vaccinations.discountFor', { name: label })} onChange={(e) => edit(c, { percentDiscount: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })} />
                      <select className="input" value={c.status ?? ''} aria-label={t('admin.vaccinations.statusFor', { name: label })} onChange={(e) => edit(c, { status: e.currentTarget.value as VaccineStatus })}>
                        {c.status == null ? <option value="">{t('admin.vaccinations.notOffered')}</option> : null}
                        {VACCINE_STATUSES.map((st) => (
                          <option key={st} value={st}>
                            {t(STATUS_LABELS[st])}
                          </option>
                        ))}
                      </select>
                      {c.price != null ? <span className="cell-caption">{formatMoney(locale, c.price * (100 - (c.percentDiscount ?? 0)) / 100, data.currency)}</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions form-actions-sticky">
        <span role="status">{t('admin.vaccinations.changed', { count: changed.length })}</span>
        <button type="button" className="btn btn-primary" disabled={changed.length === 0 || save.isPending} aria-busy={save.isPending} onClick={onSave}>
          {t('admin.common.save')}
        </button>
      </div>
    </section>
  );
}
