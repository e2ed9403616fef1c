/**
 * /admin/campaign (issue #39, SPEC §2 admin only): the campaigns of every market (a market column; there are few) with code or name search, the
 * add button to /admin/campaign/new-campaign and no import menu (SPEC §6: the phone import lives on a campaign's
 * page). A row opens the campaign.
 */
import { useNavigate } from 'react-router';
import { localeForCountryId } from '../../../../i18n/locales';
import type { CampaignView } from '../../../lib/admin-campaigns';
import { ADD_BUTTON_TARGETS } from '../../../lib/admin-rules';
import { useCampaignList } from '../../data/campaigns/queries';
import { useT } from '../../i18n';
import { DataTable, type ColumnDef } from '../../kit/DataTable';
import { baseListSchema, useListState } from '../../kit/list-state';
import { ListToolbar } from '../../kit/ListToolbar';
import { LoadFailure } from '../../kit/LoadFailure';
import { Pagination } from '../../kit/Pagination';
import { periodText } from './period';

export default function CampaignListScreen() {
  const { t, locale } = useT();
  const navigate = useNavigate();
  const [state, update] = useListState(baseListSchema);
  const list = useCampaignList({ page: state.page, keyword: state.keyword || undefined });
  const columns: ColumnDef<CampaignView>[] = [
    { id: 'campaign', text: t('admin.campaigns.col.campaign'), cell: (c) => ({ kind: 'two_line', first: c.name, second: c.code }) },
    { id: 'market', text: t('admin.campaigns.field.market'), cell: (c) => ({ kind: 'string', value: t(`admin.campaigns.market.${localeForCountryId(c.countryId) ?? 'vi-VN'}`) }) },
    { id: 'sponsor', text: t('admin.campaigns.field.sponsor'), cell: (c) => ({ kind: 'string', value: c.sponsor }) },
    { id: 'period', text: t('admin.campaigns.field.period'), cell: (c) => ({ kind: 'string', value: periodText(t, locale, c) }) },
    { id: 'phones', text: t('admin.campaigns.col.phones'), align: 'right', cell: (c) => ({ kind: 'two_line', first: String(c.phones), second: t('admin.campaigns.usedCount', { count: c.used }) }) },
    { id: 'active', text: t('admin.campaigns.field.active'), cell: (c) => ({ kind: 'key', label: c.isActive ? t('admin.campaigns.active') : t('admin.campaigns.inactive'), colour: c.isActive ? 'green' : 'grey' }) },
  ];
  return (
    <section aria-labelledby="campaigns-heading" className="screen">
      <h2 id="campaigns-heading" className="sr-only">
        {t('admin.menu.campaign')}
      </h2>
      <ListToolbar keyword={state.keyword} onKeyword={(k) => update({ keyword: k })} searchLabel={t('admin.campaigns.search')} add={{ label: t('admin.campaigns.new'), to: ADD_BUTTON_TARGETS.campaign }} />
      {list.isError ? <LoadFailure error={list.error} /> : null}
      <DataTable
        label={t('admin.menu.campaign')}
        columns={columns}
        rows={list.data?.campaigns}
        rowId={(c) => String(c.id)}
        loading={list.isFetching}
        sort={{}}
        onSortChange={() => undefined}
        onRowClick={(c) => navigate(`/admin/campaign/${c.id}`)}
      />
      {list.data ? <Pagination page={state.page} last={list.data.pagination.last} total={list.data.pagination.total_items} onPage={(page) => update({ page })} /> : null}
    </section>
  );
}
