/**
 * The public site's freshness (issue #25): when the scheduled rebuild last started one (or failed to) and how many
 * directory changes wait for the next, so staff know when an edit reaches the static pages.
 */
import { LOCALE_CONFIG } from '../../../../i18n/locales';
import type { SiteBuildStatus as Status } from '../../../lib/site-rebuild';
import { useSiteBuild } from '../../data/site-build/queries';
import { useT, type Translator } from '../../i18n';

/** An instant in the admin's language, in the market's time zone. */
function formatInstant(tr: Translator, iso: string): string {
  const market = LOCALE_CONFIG[tr.locale];
  return new Intl.DateTimeFormat(market.htmlLang, { dateStyle: 'medium', timeStyle: 'short', timeZone: market.timeZones[0] }).format(new Date(iso));
}

function lastBuildText(tr: Translator, status: Status): string {
  if (!status.lastBuild) return tr.t('admin.overview.site.never');
  const when = formatInstant(tr, status.lastBuild.startedAt);
  // 'building' and 'published': the local rebuild of `npm start` (issue 37).
  if (status.lastBuild.status === 'building') return tr.t('admin.directory.siteBuild.building', { when });
  if (status.lastBuild.status === 'published') return tr.t('admin.directory.siteBuild.published', { when: formatInstant(tr, status.lastBuild.finishedAt ?? status.lastBuild.startedAt) });
  return status.lastBuild.status === 'failed' ? tr.t('admin.overview.site.lastFailed', { when }) : tr.t('admin.overview.site.lastBuild', { when });
}

export function SiteBuildStatus() {
  const tr = useT();
  const status = useSiteBuild();
  // Secondary information: nothing is shown while it loads or when the call fails.
  if (!status.data) return null;
  const pending = status.data.pendingChanges;
  return (
    <section className="card site-build" aria-labelledby="site-build-title" data-testid="site-build">
      <h2 id="site-build-title" className="site-build-title">
        {tr.t('admin.overview.site.title')}
      </h2>
      <p role="status">{lastBuildText(tr, status.data)}</p>
      <p>{pending > 0 ? tr.t('admin.overview.site.pending', { count: pending }) : tr.t('admin.overview.site.upToDate')}</p>
    </section>
  );
}
