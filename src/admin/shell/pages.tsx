/** The permission notice page, the error fallback and the admin's not-found page (SPEC §2, §8). */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation, useRouteError } from 'react-router';
import { showBackToHome } from '../../lib/admin-rules';
import { useT } from '../i18n';
import { reportError } from './report';

export function PermissionPage() {
  const { t } = useT();
  return (
    <section className="notice-page" aria-labelledby="notice-title">
      <h1 id="notice-title">{t('admin.permission.title')}</h1>
      <p>{t('admin.permission.contact')}</p>
    </section>
  );
}

/**
 * Whether a not-found page is on screen: the top bar then drops the route's title (an unknown doctor id under the
 * edit route read "Edit doctor" above "This page could not be found."; issue #38 item 11).
 */
let notFoundShown = 0;
const notFoundListeners = new Set<() => void>();
const notFoundStore = {
  subscribe: (l: () => void) => (notFoundListeners.add(l), () => notFoundListeners.delete(l)),
  get: () => notFoundShown > 0,
  change: (d: number) => ((notFoundShown += d), notFoundListeners.forEach((l) => l())),
};
export const useNotFoundShown = () => useSyncExternalStore(notFoundStore.subscribe, notFoundStore.get);

export function NotFoundPage() {
  const { t } = useT();
  useEffect(() => {
    notFoundStore.change(1);
    return () => notFoundStore.change(-1);
  }, []);
  return (
    <section className="notice-page" aria-labelledby="notice-title">
      <h1 id="notice-title">{t('admin.notFound.title')}</h1>
      <p>
        <Link to="/admin" className="btn btn-primary">
          {t('admin.error.backToHome')}
        </Link>
      </p>
    </section>
  );
}

export function ErrorFallback() {
  const { t } = useT();
  const { pathname } = useLocation();
  return (
    <section className="notice-page" role="alert" aria-labelledby="error-title">
      <h1 id="error-title">{t('admin.error.title')}</h1>
      <p>{t('admin.error.text')}</p>
      {showBackToHome(pathname) ? (
        <a href="/admin" className="btn btn-primary">
          {t('admin.error.backToHome')}
        </a>
      ) : null}
    </section>
  );
}

/** Catches a screen's render error, reports it as critical and shows the fallback; a new location resets it. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; key: string }) {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    reportError(error, { level: 'critical', componentStack: info.componentStack ?? undefined });
  }
  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

/** A screen the router could not load or render (a lazy chunk that failed, a loader error): reported, then the fallback. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error instanceof Error ? error : new Error(String(error)), { level: 'critical' });
  }, [error]);
  return <ErrorFallback />;
}
