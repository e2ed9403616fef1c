/**
 * /admin/reviews (issue #39, SPEC §2, §9): the reviews of the caller's scope (the top bar's hospital and branch),
 * tabs Pending / Published / Hidden, filters in the URL (rating, doctor, service, dates, keyword) and the four sort
 * options; the rating summary and counts at the top; publish, hide with a reason, bulk publish or hide of the
 * selected cards; the hospital's one public reply with templates; the organization's choice whether new reviews
 * wait. Flagged text (a phone number, an e-mail address, a name) is marked and publishing it asks for a look. The
 * doctor role reads its own reviews without any action. Cards rather than a table: a review is a paragraph and rows
 * are selected.
 */
import { useState } from 'react';
import { z } from 'zod';
import { LOCALE_CONFIG } from '../../../../i18n/locales';
import { canModerateReviews, canSetReviewHold, REVIEW_TABS, starCounts, type AdminReviewItem, type ReviewStatus } from '../../../lib/admin-reviews';
import { DEFAULT_REVIEW_SORT, formatRating, ratingSummary, REVIEW_SORT_OPTIONS } from '../../../lib/reviews';
import { isPlatformAdmin } from '../../../lib/roles';
import { useModerateReviews, useReviewHold, useReviewList } from '../../data/reviews/queries';
import { useMe } from '../../data/me/queries';
import { useT } from '../../i18n';
import { ConfirmDialog } from '../../kit/ConfirmDialog';
import { Dropdown } from '../../kit/Dropdown';
import { baseListSchema, useListState } from '../../kit/list-state';
import { ListToolbar } from '../../kit/ListToolbar';
import { LoadFailure, useErrorText } from '../../kit/LoadFailure';
import { useNotify } from '../../kit/Notifications';
import { Pagination } from '../../kit/Pagination';
import { EmptyData, Spinner } from '../../kit/Spinner';
import { HideDialog, ReplyDialog } from './ReviewDialogs';

const id = z.coerce.number().int().positive().optional().catch(undefined);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined);
export const reviewListState = baseListSchema.extend({
  status: z.enum(['pending', 'published', 'hidden']).default('pending').catch('pending'),
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  doctor_id: id,
  service_id: id,
  hospital_id: id,
  branch_id: id,
  from: day,
  to: day,
  order: z.enum(REVIEW_SORT_OPTIONS).default(DEFAULT_REVIEW_SORT).catch(DEFAULT_REVIEW_SORT),
});

const ALL = 'all';
type Pending = { kind: 'publish'; reviews: AdminReviewItem[] } | { kind: 'hide'; reviews: AdminReviewItem[] } | { kind: 'reply'; review: AdminReviewItem } | null;

export default function ReviewListScreen() {
  const { t, locale } = useT();
  const me = useMe().data!;
  const notify = useNotify();
  const errorText = useErrorText();
  const [state, update] = useListState(reviewListState);
  const moderator = canModerateReviews(me.role);
  const countryId = isPlatformAdmin(me.role) ? LOCALE_CONFIG[locale].countryId : undefined;
  const list = useReviewList({
    page: state.page,
    status: state.status,
    rating: state.rating,
    doctorId: state.doctor_id,
    serviceId: state.service_id,
    hospitalId: state.hospital_id,
    branchId: state.branch_id,
    from: state.from,
    to: state.to,
    keyword: state.keyword || undefined,
    sort: state.order,
    countryId,
  });
  const moderate = useModerateReviews();
  const hold = useReviewHold();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const [popupError, setPopupError] = useState<string | null>(null);
  const data = list.data;
  const rows = data?.reviews ?? [];

  const change = (patch: Record<string, string | number | null | undefined>) => {
    setSelected(new Set());
    update(patch);
  };
  const close = () => {
    setPending(null);
    setPopupError(null);
  };
  const send = (reviews: AdminReviewItem[], status: 'published' | 'hidden', reason?: string) =>
    moderate.mutate(
      { ids: reviews.map((r) => r.id), status, reason, confirmFlagged: status === 'published' ? true : undefined },
      {
        onSuccess: (r) => {
          close();
          setSelected(new Set());
          notify('success', r.messages[0] ?? t(status === 'published' ? 'admin.reviews.published' : 'admin.reviews.hidden'));
        },
        onError: (e) => setPopupError(errorText(e)),
      },
    );
  // Publishing asks first only when a flagged review is among them; otherwise it is done at once.
  const publish = (reviews: AdminReviewItem[]) => (reviews.some((r) => r.flags.length > 0) ? setPending({ kind: 'publish', reviews }) : send(reviews, 'published'));
  const chosen = rows.filter((r) => selected.has(r.id));
  const toggle = (rid: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(rid)) next.delete(rid);
      else next.add(rid);
      return next;
    });

  const dateFmt = (r: AdminReviewItem) => new Intl.DateTimeFormat(LOCALE_CONFIG[locale].htmlLang, { dateStyle: 'medium', timeStyle: 'short', timeZone: r.hospital.timeZone }).format(new Date(r.createdAt));
  const summary = data ? ratingSummary(starCounts(data.summary.stars), data.summary.rating) : null;
  const org = data?.organization;
  const flagged = pending?.kind === 'publish' ? pending.reviews.filter((r) => r.flags.length > 0) : [];

  return (
    <section aria-labelledby="reviews-heading" className="screen reviews-screen">
      <h2 id="reviews-heading" className="sr-only">
        {t('admin.menu.reviews')}
      </h2>
      {summary ? (
        <div className="review-summary card" data-testid="review-summary">
          <div className="review-summary-point">
            <strong>{formatRating(summary.ratingPoint)}</strong>
            <span>/ {summary.ratingScale}</span>
            <p className="muted small">{t('admin.reviews.publishedCount', { count: summary.reviewCounting })}</p>
          </div>
          <ul className="review-summary-stars" aria-label={t('admin.reviews.ratingBreakdown')}>
            {summary.percentages.map((p) => (
              <li key={p.star}>
                <span>{t('admin.reviews.stars', { count: p.star })}</span>
                <span className="bar" aria-hidden="true">
                  <span style={{ width: `${p.percent}%` }} />
                </span>
                <span>{p.count}</span>
              </li>
            ))}
          </ul>
          {org ? (
            <div className="review-summary-setting">
              <p className="small">
                <strong>{org.name}</strong>
              </p>
              {!org.publishReviews ? <p className="small muted">{t('admin.reviews.notPublishing')}</p> : null}
              {canSetReviewHold(me.role) ? (
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={org.holdNewReviews}
                    disabled={hold.isPending}
                    onChange={(e) =>
                      hold.mutate(
                        { organizationId: org.id, holdNewReviews: e.target.checked },
                        { onSuccess: (r) => notify('success', r.messages[0] ?? t('admin.reviews.holdSaved')), onError: (er) => notify('danger', errorText(er)) },
                      )
                    }
                  />
                  {t('admin.reviews.holdNew')}
                </label>
              ) : (
                <p className="small muted">{org.holdNewReviews ? t('admin.reviews.holdIsOn') : t('admin.reviews.holdIsOff')}</p>
              )}
            </div>
          ) : isPlatformAdmin(me.role) ? (
            <p className="small muted review-summary-setting">{t('admin.reviews.chooseHospital')}</p>
          ) : null}
        </div>
      ) : null}

      <div role="tablist" aria-label={t('admin.reviews.tabs')} className="tabs">
        {REVIEW_TABS.map((s) => (
          <button key={s} type="button" role="tab" aria-selected={state.status === s} className={state.status === s ? 'tab tab-active' : 'tab'} onClick={() => change({ status: s === 'pending' ? null : s })} data-testid={`tab-${s}`}>
            {t(`admin.reviews.tab.${s}`)} <span className="badge">{data?.summary.counts[s] ?? '…'}</span>
          </button>
        ))}
      </div>

      <ListToolbar
        keyword={state.keyword}
        onKeyword={(k) => change({ keyword: k })}
        searchLabel={t('admin.reviews.search')}
        filter={
          <div className="filters">
            <Dropdown
              label={t('admin.reviews.rating')}
              placeholder={t('admin.reviews.allRatings')}
              value={state.rating ? String(state.rating) : ALL}
              options={[{ value: ALL, label: t('admin.reviews.allRatings') }, ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t('admin.reviews.stars', { count: n }) }))]}
              onChange={(v) => change({ rating: v === ALL ? null : v })}
            />
            {me.role !== 'doctor' ? (
              <>
                <Dropdown
                  label={t('admin.reviews.doctor')}
                  placeholder={t('admin.reviews.allDoctors')}
                  value={state.doctor_id ? String(state.doctor_id) : ALL}
                  disabled={!data?.doctors.length && !state.doctor_id}
                  options={[{ value: ALL, label: t('admin.reviews.allDoctors') }, ...(data?.doctors ?? []).map((d) => ({ value: String(d.id), label: d.name }))]}
                  onChange={(v) => change({ doctor_id: v === ALL ? null : v })}
                />
                <Dropdown
                  label={t('admin.reviews.service')}
                  placeholder={t('admin.reviews.allServices')}
                  value={state.service_id ? String(state.service_id) : ALL}
                  disabled={!data?.services.length && !state.service_id}
                  options={[{ value: ALL, label: t('admin.reviews.allServices') }, ...(data?.services ?? []).map((d) => ({ value: String(d.id), label: d.name }))]}
                  onChange={(v) => change({ service_id: v === ALL ? null : v })}
                />
              </>
            ) : null}
            <label className="inline-field">
              <span>{t('admin.reviews.from')}</span>
              <input type="date" value={state.from ?? ''} max={state.to} onChange={(e) => change({ from: e.target.value || null })} />
            </label>
            <label className="inline-field">
              <span>{t('admin.reviews.to')}</span>
              <input type="date" value={state.to ?? ''} min={state.from} onChange={(e) => change({ to: e.target.value || null })} />
            </label>
            <Dropdown
              label={t('admin.reviews.sortBy')}
              placeholder={t('admin.reviews.sort.RECENT_FIRST')}
              value={state.order}
              options={REVIEW_SORT_OPTIONS.map((o) => ({ value: o, label: t(`admin.reviews.sort.${o}`) }))}
              onChange={(v) => change({ order: v === DEFAULT_REVIEW_SORT ? null : v })}
            />
          </div>
        }
      />

      {moderator && rows.length > 0 ? (
        <div className="bulk-bar" role="group" aria-label={t('admin.reviews.bulk')}>
          <label className="checkbox">
            <input type="checkbox" checked={chosen.length === rows.length} onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())} />
            {t('admin.reviews.selectPage')}
          </label>
          <span className="muted small" aria-live="polite">
            {t('admin.reviews.selected', { count: chosen.length })}
          </span>
          {state.status !== 'published' ? (
            <button type="button" className="btn btn-primary" disabled={!chosen.length || moderate.isPending} onClick={() => publish(chosen)}>
              {t('admin.reviews.publishSelected')}
            </button>
          ) : null}
          {state.status !== 'hidden' ? (
            <button type="button" className="btn" disabled={!chosen.length || moderate.isPending} onClick={() => setPending({ kind: 'hide', reviews: chosen })}>
              {t('admin.reviews.hideSelected')}
            </button>
          ) : null}
        </div>
      ) : null}

      {list.isError ? <LoadFailure error={list.error} /> : null}
      {list.isPending ? (
        <Spinner />
      ) : rows.length === 0 && !list.isError ? (
        <EmptyData text={t(`admin.reviews.empty.${state.status}`)} />
      ) : (
        <ul className="review-cards" aria-busy={list.isFetching}>
          {rows.map((r) => (
            <li key={r.id} className={`review-card card${r.flags.length ? ' flagged' : ''}`} data-testid="admin-review" data-review-id={r.id}>
              <div className="review-card-head">
                {moderator ? (
                  <input type="checkbox" aria-label={t('admin.reviews.select', { name: r.authorName })} checked={selected.has(r.id)} onChange={() => toggle(r.id)} />
                ) : null}
                <div className="review-card-who">
                  <strong>{r.authorName}</strong>
                  <span className="muted small">{dateFmt(r)}</span>
                </div>
                <span className="review-card-stars" role="img" aria-label={t('admin.reviews.ratedOf', { rate: r.rate })}>
                  {'★'.repeat(r.rate)}
                  <span className="dim">{'★'.repeat(5 - r.rate)}</span>
                </span>
              </div>
              <p className="muted small">
                {[r.hospital.name, r.doctor ? t('admin.reviews.doctorIs', { name: r.doctor.name }) : null, r.service ? t('admin.reviews.serviceIs', { name: r.service.name }) : null].filter(Boolean).join(' · ')}
              </p>
              {r.feedback ? <p className="review-card-text">{r.feedback}</p> : <p className="muted small">{t('admin.reviews.noText')}</p>}
              {r.flags.length ? (
                <p className="review-flags" data-testid="review-flags">
                  <span className="badge badge-yellow">{t('admin.reviews.flagged')}</span>
                  {r.flags.map((f) => (
                    <span key={f} className="small">
                      {t(`admin.reviews.flag.${f}`)}
                    </span>
                  ))}
                </p>
              ) : null}
              {r.status === 'hidden' && r.hiddenReason ? <p className="small">{t('admin.reviews.hiddenBecause', { reason: r.hiddenReason })}</p> : null}
              {r.reply ? (
                <div className="review-reply" data-testid="admin-review-reply">
                  <strong className="small">{t('admin.reviews.yourReply')}</strong>
                  <p>{r.reply.body}</p>
                </div>
              ) : null}
              {moderator ? (
                <div className="review-card-actions">
                  {r.status !== 'published' ? (
                    <button type="button" className="btn btn-primary" disabled={moderate.isPending} onClick={() => publish([r])}>
                      {t('admin.reviews.publish')}
                    </button>
                  ) : null}
                  {r.status !== 'hidden' ? (
                    <button type="button" className="btn" onClick={() => setPending({ kind: 'hide', reviews: [r] })}>
                      {t('admin.reviews.hide')}
                    </button>
                  ) : null}
                  <button type="button" className="btn" onClick={() => setPending({ kind: 'reply', review: r })}>
                    {r.reply ? t('admin.reviews.editReply') : t('admin.reviews.reply')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data ? <Pagination page={state.page} last={data.pagination.last} total={data.pagination.total_items} onPage={(page) => update({ page })} /> : null}

      <ConfirmDialog
        open={pending?.kind === 'publish'}
        onOpenChange={(o) => !o && close()}
        onConfirm={() => pending?.kind === 'publish' && send(pending.reviews, 'published')}
        busy={moderate.isPending}
        error={popupError}
        danger={false}
        title={t('admin.reviews.publishFlaggedTitle')}
        description={t('admin.reviews.publishFlaggedText', { count: flagged.length })}
        confirmText={t('admin.reviews.publishAnyway')}
        cancelText={t('admin.common.cancel')}
      />
      <HideDialog open={pending?.kind === 'hide'} count={pending?.kind === 'hide' ? pending.reviews.length : 0} busy={moderate.isPending} error={popupError} onClose={close} onHide={(reason) => pending?.kind === 'hide' && send(pending.reviews, 'hidden', reason)} />
      <ReplyDialog review={pending?.kind === 'reply' ? pending.review : null} onClose={close} />
    </section>
  );
}
