/**
 * /admin/organization (issue 37; SPEC §2, §6): the organization list (name and logo, country, branches, doctors,
 * services, active, publishes reviews) with the keyword (300 ms, from 3 characters) and the active filter in the
 * URL; `?popup=new` opens the new-organization popup (platform admins always; an organization manager only while it
 * has none: the server says so in `canCreate` and refuses otherwise). A row opens the organization's page.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { LOCALES, LOCALE_CONFIG } from '../../../../../i18n/locales';
import { ADMIN_KEYWORD_MIN_CHARS } from '../../../../lib/admin-doctors';
import { newOrganizationBody, organizationPagePath, type AdminOrganizationListItem, type NewOrganizationBody } from '../../../../lib/admin-organizations';
import { isPlatformAdmin } from '../../../../lib/roles';
import { useCreateOrganization, useOrganizationList } from '../../../data/organizations/queries';
import { useMe } from '../../../data/me/queries';
import { useT, type Translator } from '../../../i18n';
import { DataTable, type ColumnDef } from '../../../kit/DataTable';
import { describedBy, Dropdown, Field, useZodForm } from '../../../kit/form';
import { baseListSchema, useListState } from '../../../kit/list-state';
import { ListToolbar } from '../../../kit/ListToolbar';
import { useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Pagination } from '../../../kit/Pagination';

export const organizationListState = baseListSchema.extend({
  active: z.enum(['1', '0']).optional().catch(undefined),
  popup: z.enum(['new']).optional().catch(undefined),
});
const ALL = 'all';

/** The market's country in the admin's language. */
function countryName(locale: string, countryId: number): string {
  const market = LOCALES.find((l) => LOCALE_CONFIG[l].countryId === countryId);
  if (!market) return '—';
  return new Intl.DisplayNames([locale], { type: 'region' }).of(market.split('-')[1]!) ?? LOCALE_CONFIG[market].countryName;
}

function columns(tr: Translator): ColumnDef<AdminOrganizationListItem>[] {
  const { t, locale } = tr;
  const yesNo = (v: boolean, yes: string, no: string) => ({ kind: 'element' as const, value: <span className={`badge ${v ? 'badge-green' : 'badge-yellow'}`}>{v ? yes : no}</span> });
  return [
    { id: 'name', text: t('admin.organizations.col.name'), cell: (o) => ({ kind: 'info', image: o.logo, title: o.name }) },
    { id: 'country', text: t('admin.organizations.col.country'), cell: (o) => ({ kind: 'string', value: countryName(locale, o.countryId) }) },
    { id: 'branches', text: t('admin.organizations.col.branches'), align: 'center', cell: (o) => ({ kind: 'number', value: o.branches }) },
    { id: 'doctors', text: t('admin.organizations.col.doctors'), align: 'center', cell: (o) => ({ kind: 'number', value: o.doctors }) },
    { id: 'services', text: t('admin.organizations.col.services'), align: 'center', cell: (o) => ({ kind: 'number', value: o.services }) },
    { id: 'active', text: t('admin.organizations.col.active'), align: 'center', cell: (o) => yesNo(o.isActive, t('admin.organizations.active'), t('admin.organizations.inactive')) },
    { id: 'reviews', text: t('admin.organizations.col.reviews'), align: 'center', cell: (o) => yesNo(o.publishReviews, t('admin.organizations.yes'), t('admin.organizations.no')) },
  ];
}

export default function OrganizationListScreen() {
  const tr = useT();
  const { t, locale } = tr;
  const me = useMe().data!;
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [state, update] = useListState(organizationListState);
  const countryId = isPlatformAdmin(me.role) ? LOCALE_CONFIG[locale].countryId : undefined;
  const keyword = [...state.keyword].length >= ADMIN_KEYWORD_MIN_CHARS ? state.keyword : undefined;
  const list = useOrganizationList({ page: state.page, keyword, countryId, active: state.active ? (Number(state.active) as 0 | 1) : undefined });
  const cols = useMemo(() => columns(tr), [tr]);
  const data = list.data;
  const canCreate = data?.canCreate ?? false;
  return (
    <section aria-labelledby="organizations-heading" className="screen">
      <h2 id="organizations-heading" className="sr-only">
        {t('admin.menu.organization')}
      </h2>
      <ListToolbar
        keyword={state.keyword}
        onKeyword={(k) => update({ keyword: k })}
        searchLabel={t('admin.organizations.search')}
        filter={
          <Dropdown
            label={t('admin.organizations.col.active')}
            placeholder={t('admin.organizations.allStatuses')}
            value={state.active ?? ALL}
            options={[
              { value: ALL, label: t('admin.organizations.allStatuses') },
              { value: '1', label: t('admin.organizations.active') },
              { value: '0', label: t('admin.organizations.inactive') },
            ]}
            onChange={(v) => update({ active: v === ALL ? null : v })}
          />
        }
        add={canCreate ? { label: t('admin.addMenu.newOrganization'), onClick: () => update({ popup: 'new' }) } : undefined}
      />
      {list.isError ? (
        <p className="alert alert-danger" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      <DataTable label={t('admin.menu.organization')} columns={cols} rows={data?.hospitals} rowId={(o) => String(o.id)} loading={list.isFetching} sort={{}} onSortChange={() => undefined} onRowClick={(o) => navigate(organizationPagePath(o.id))} />
      {data ? <Pagination page={state.page} last={data.pagination.last} total={data.pagination.total_items} onPage={(page) => update({ page })} /> : null}
      <NewOrganizationDialog
        open={state.popup === 'new' && !!data}
        allowed={canCreate}
        defaultCountryId={countryId ?? LOCALE_CONFIG[locale].countryId}
        platform={isPlatformAdmin(me.role)}
        onClose={() => update({ popup: null })}
        onCreated={(id) => navigate(organizationPagePath(id))}
      />
    </section>
  );
}

function NewOrganizationDialog({ open, allowed, defaultCountryId, platform, onClose, onCreated }: { open: boolean; allowed: boolean; defaultCountryId: number; platform: boolean; onClose: () => void; onCreated: (id: number) => void }) {
  const { t, locale } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const create = useCreateOrganization();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(newOrganizationBody, { name: '', country_id: defaultCountryId, website_url: '', logo: '', publish_reviews: true });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values: NewOrganizationBody) => {
    setFailure(null);
    create.mutate(values, {
      onSuccess: ({ data, messages }) => {
        notify('success', messages[0] ?? t('admin.organizations.created'));
        form.reset();
        onCreated(data.organization.id);
      },
      onError: (e) => setFailure(errorText(e)),
    });
  });
  const err = (k: keyof NewOrganizationBody) => (errors[k] as { message?: string } | undefined)?.message;
  const markets = LOCALES.map((l) => ({ value: String(LOCALE_CONFIG[l].countryId), label: countryName(locale, LOCALE_CONFIG[l].countryId) }));
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !create.isPending && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog-wide" aria-describedby="new-org-text">
          <Dialog.Title className="dialog-title">{t('admin.addMenu.newOrganization')}</Dialog.Title>
          <Dialog.Description id="new-org-text" className="dialog-text">
            {allowed ? t('admin.organizations.newText') : t('admin.organizations.cannotCreate')}
          </Dialog.Description>
          {allowed ? (
            <form onSubmit={submit} noValidate>
              <Field id="org-name" label={t('admin.organizations.form.name')} error={err('name')} required>
                <input {...form.register('name')} {...describedBy('org-name', err('name'))} className="input" autoComplete="organization" />
              </Field>
              <Field id="org-country" label={t('admin.organizations.col.country')} error={err('country_id')}>
                <select
                  id="org-country"
                  className="input"
                  disabled={!platform}
                  value={String(form.watch('country_id'))}
                  onChange={(e) => form.setValue('country_id', Number(e.currentTarget.value))}
                >
                  {markets.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="org-website" label={t('admin.organizations.form.website')} error={err('website_url')}>
                <input {...form.register('website_url')} {...describedBy('org-website', err('website_url'))} className="input" type="url" inputMode="url" placeholder="https://" />
              </Field>
              <label className="checkbox">
                <input type="checkbox" {...form.register('publish_reviews')} /> {t('admin.organizations.form.publishReviews')}
              </label>
              {failure ? (
                <p className="alert alert-danger" role="alert">
                  {failure}
                </p>
              ) : null}
              <div className="dialog-actions">
                <button type="button" className="btn" onClick={onClose} disabled={create.isPending}>
                  {t('admin.common.cancel')}
                </button>
                <button type="submit" className="btn btn-primary" disabled={create.isPending} aria-busy={create.isPending}>
                  {t('admin.organizations.form.create')}
                </button>
              </div>
            </form>
          ) : (
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn">
                  {t('admin.common.close')}
                </button>
              </Dialog.Close>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
