/**
 * The go-live checklist on the organization page (issue 37 item 6): what stands between the organization and its
 * first bookable doctor, each step linking to the screen that does it (the steps and their order: src/lib/admin-go-live.ts;
 * the facts: one database call). The organization's own switch is here, for those who may change it.
 */
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import type { GoLiveStepKey } from '../../../../lib/admin-go-live';
import type { AdminOrganizationDetail } from '../../../../lib/admin-organizations';
import { useGoLive } from '../../../data/go-live/queries';
import { useUpdateOrganization } from '../../../data/organizations/queries';
import { useT, type AdminKey } from '../../../i18n';
import { useErrorText } from '../../../kit/LoadFailure';
import { useNotify } from '../../../kit/Notifications';
import { Spinner } from '../../../kit/Spinner';
import './go-live.css';

const STEP_LABELS: Record<GoLiveStepKey, AdminKey> = {
  branch: 'admin.goLive.step.branch',
  address: 'admin.goLive.step.address',
  hours: 'admin.goLive.step.hours',
  doctor: 'admin.goLive.step.doctor',
  price: 'admin.goLive.step.price',
  availability: 'admin.goLive.step.availability',
  doctorActive: 'admin.goLive.step.doctorActive',
  branchActive: 'admin.goLive.step.branchActive',
  organizationActive: 'admin.goLive.step.organizationActive',
};

export function GoLiveChecklist({ organization }: { organization: AdminOrganizationDetail }) {
  const { t } = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const goLive = useGoLive(organization.id);
  const update = useUpdateOrganization(organization.id);
  if (goLive.isPending) return <Spinner />;
  if (goLive.isError) return <p className="alert alert-danger" role="alert">{errorText(goLive.error)}</p>;
  const { steps, live, facts } = goLive.data;
  const left = steps.filter((s) => !s.done).length;
  const activate = () =>
    update.mutate(
      { name: organization.name, logo: organization.logo ?? undefined, website_url: organization.websiteUrl ?? undefined, publish_reviews: organization.publishReviews, is_active: true },
      { onSuccess: ({ messages }) => notify('success', messages[0] ?? t('admin.organizations.saved')), onError: (e) => notify('danger', errorText(e)) },
    );
  return (
    <section className="card go-live" aria-labelledby="go-live-title" data-testid="go-live">
      <h3 id="go-live-title">{t('admin.goLive.title')}</h3>
      <p className="field-hint" role="status">
        {live ? t('admin.goLive.live', { doctor: facts.doctor?.name ?? '', branch: facts.branch?.name ?? '' }) : t('admin.goLive.left', { count: left })}
      </p>
      <ol className="go-live-steps">
        {steps.map((s) => (
          <li key={s.key} className={s.done ? 'go-live-done' : 'go-live-todo'} data-step={s.key} data-done={s.done}>
            {s.done ? <CheckCircle2 aria-hidden="true" size={18} className="go-live-icon-done" /> : <Circle aria-hidden="true" size={18} />}
            <span className="sr-only">{s.done ? t('admin.goLive.done') : t('admin.goLive.todo')}: </span>
            {s.done || !s.href ? <span>{t(STEP_LABELS[s.key])}</span> : <Link to={s.href}>{t(STEP_LABELS[s.key])}</Link>}
            {s.key === 'organizationActive' && !s.done && organization.canManage ? (
              <button type="button" className="btn btn-small" onClick={activate} disabled={update.isPending} aria-busy={update.isPending}>
                {t('admin.goLive.activate')}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
