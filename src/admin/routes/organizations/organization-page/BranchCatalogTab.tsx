/**
 * The branch's specialties, insurances and accepted payments tabs (issue 37; SPEC §3 Hospital): the market's
 * entries as ticks (logos where the public page shows them), saved with the branch's one Save. Specialties are many:
 * a filter narrows them, the ticked ones first.
 */
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { filterOptions } from '../../../../lib/admin-branch-catalogs';
import type { BranchInput } from '../../../../lib/admin-organizations';
import { useBranchCatalogs } from '../../../data/go-live/queries';
import { useT, type AdminKey } from '../../../i18n';
import { LoadFailure } from '../../../kit/LoadFailure';
import { Spinner } from '../../../kit/Spinner';

export type CatalogKind = 'specialties' | 'insurances' | 'payments';
const FIELD = { specialties: 'specialty_ids', insurances: 'insurance_ids', payments: 'payment_method_ids' } as const;
const TEXT: Record<CatalogKind, { legend: AdminKey; empty: AdminKey; hint: AdminKey }> = {
  specialties: { legend: 'admin.goLive.catalog.specialties', empty: 'admin.goLive.catalog.noSpecialties', hint: 'admin.goLive.catalog.specialtiesHint' },
  insurances: { legend: 'admin.goLive.catalog.insurances', empty: 'admin.goLive.catalog.noInsurances', hint: 'admin.goLive.catalog.insurancesHint' },
  payments: { legend: 'admin.goLive.catalog.payments', empty: 'admin.goLive.catalog.noPayments', hint: 'admin.goLive.catalog.paymentsHint' },
};

export function BranchCatalogTab({ kind, branchId, control }: { kind: CatalogKind; branchId: number; control: Control<BranchInput> }) {
  const { t } = useT();
  const options = useBranchCatalogs(branchId);
  const [keyword, setKeyword] = useState('');
  if (options.isPending) return <Spinner />;
  if (options.isError) return <LoadFailure error={options.error} />;
  const all = kind === 'specialties' ? options.data.specialties : kind === 'insurances' ? options.data.insurances : options.data.paymentMethods;
  const text = TEXT[kind];
  return (
    <Controller
      control={control}
      name={FIELD[kind]}
      render={({ field }) => {
        const chosen = ((field.value ?? []) as (number | string)[]).map(Number);
        const toggle = (id: number) => field.onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
        const shown = kind === 'specialties' ? filterOptions(all, chosen, keyword) : all;
        return (
          <fieldset className="field catalog-tab">
            <legend className="field-label">{t(text.legend)}</legend>
            <p className="field-hint" id={`catalog-${kind}-hint`}>
              {t(text.hint)} {t('admin.goLive.catalog.chosen', { count: chosen.length })}
            </p>
            {kind === 'specialties' && all.length > 10 ? (
              <input type="search" className="input" value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} aria-label={t('admin.goLive.catalog.filter')} placeholder={t('admin.goLive.catalog.filter')} />
            ) : null}
            {all.length === 0 ? <p className="empty-state">{t(text.empty)}</p> : null}
            <ul className="catalog-options" aria-describedby={`catalog-${kind}-hint`}>
              {shown.map((o) => (
                <li key={o.id}>
                  <label className="checkbox catalog-option">
                    <input type="checkbox" checked={chosen.includes(o.id)} onChange={() => toggle(o.id)} />
                    {o.logo ? <img src={o.logo} alt="" width={32} height={32} loading="lazy" className="catalog-logo" /> : null}
                    <span>{o.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        );
      }}
    />
  );
}
