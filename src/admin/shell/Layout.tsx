/**
 * The shell around every signed-in screen (SPEC §2 Admin): sidebar (240 px, 64 px collapsed; a slide-in drawer
 * under a top bar on mobile and tablet) with the role's menu, the top bar, the screen inside an error boundary,
 * and the page title '{title} - {site} Care Admin'.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Navigate, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { LOCALE_CONFIG } from '../../../i18n/locales';
import { adminMenu, type MenuEntry } from '../../lib/admin-menu';
import { ADD_MENU_ITEMS, addMenuItems } from '../../lib/admin-rules';
import { roleBadgeColour } from '../format';
import { loginHref } from '../api';
import { useMe } from '../data/me/queries';
import { useT, type AdminKey } from '../i18n';
import { ApiError } from '../api';
import { Dropdown } from '../kit/Dropdown';
import { Spinner } from '../kit/Spinner';
import { accessToken } from '../session';
import { Bell } from './Bell';
import { MenuIcon } from './menu-icons';
import { RouteGuard, useRouteHandle } from './guard';
import { logout } from './logout';
import { ErrorBoundary, useNotFoundShown } from './pages';
import { useBranches, useOrganizations, useScope } from './scope';
import { loadSupportWidget } from './support-widget';
import { usePageTitle } from './title';

/** The top bar's date picker shows on the appointments screen only: it arrives with that screen, not with the shell. */
const DateBar = lazy(() => import('./DateBar').then((m) => ({ default: m.DateBar })));

function MenuLink({ entry, collapsed, onNavigate }: { entry: MenuEntry; collapsed: boolean; onNavigate: () => void }) {
  const { t } = useT();
  const label = t(`admin.menu.${entry.key}` as AdminKey);
  return (
    <NavLink to={entry.path!} end={entry.path === '/admin/'} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')} title={collapsed ? label : undefined} onClick={onNavigate}>
      <span className="nav-icon" aria-hidden="true">
        <MenuIcon entryKey={entry.key} />
      </span>
      <span className="nav-label">{label}</span>
    </NavLink>
  );
}

function Sidebar({ collapsed, onNavigate, onLogout }: { collapsed: boolean; onNavigate: () => void; onLogout: () => void }) {
  const { t } = useT();
  const me = useMe();
  const [openGroup, setOpenGroup] = useState(false);
  if (!me.data) return null;
  const entries = adminMenu(me.data.role);
  const render = (e: MenuEntry) => {
    if (e.key === 'logout')
      return (
        <li key={e.key}>
          <button type="button" className="nav-link" onClick={onLogout}>
            <span className="nav-icon" aria-hidden="true">
              <MenuIcon entryKey="logout" />
            </span>
            <span className="nav-label">{t('admin.menu.logout')}</span>
          </button>
        </li>
      );
    if (e.children)
      return (
        <li key={e.key}>
          <button type="button" className="nav-link" aria-expanded={openGroup} onClick={() => setOpenGroup(!openGroup)}>
            <span className="nav-icon" aria-hidden="true">
              <MenuIcon entryKey={e.key} />
            </span>
            <span className="nav-label">{t(`admin.menu.${e.key}` as AdminKey)}</span>
            <span className="nav-caret" aria-hidden="true">{openGroup ? '▴' : '▾'}</span>
          </button>
          {openGroup ? <ul className="nav-sub">{e.children.map((c) => <li key={c.key}><MenuLink entry={c} collapsed={collapsed} onNavigate={onNavigate} /></li>)}</ul> : null}
        </li>
      );
    return (
      <li key={e.key}>
        <MenuLink entry={e} collapsed={collapsed} onNavigate={onNavigate} />
      </li>
    );
  };
  return (
    <nav aria-label={t('admin.shell.menu')} className="nav">
      <ul className="nav-main">{entries.filter((e) => e.section === 'main').map(render)}</ul>
      <ul className="nav-bottom">{entries.filter((e) => e.section === 'bottom').map(render)}</ul>
    </nav>
  );
}

function AddMenu() {
  const { t, tm } = useT();
  const me = useMe().data;
  if (!me) return null;
  const items = addMenuItems({ role: me.role, hospitalId: me.hospital?.id ?? null });
  if (items.length === 0) return null;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button type="button" className="btn btn-primary" aria-label={t('admin.shell.addNew')}>
          + <span className="hide-small">{t('admin.shell.add')}</span>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={4}>
          {items.map((k) => (
            <Menu.Item key={k} className="menu-item" asChild>
              <Link to={ADD_MENU_ITEMS[k].href}>{tm(ADD_MENU_ITEMS[k].label)}</Link>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function ScopeBar() {
  const { t } = useT();
  const me = useMe().data;
  const handle = useRouteHandle();
  const scoped = !!handle.scoped && !!me && me.role !== 'doctor';
  const scope = useScope(me, scoped);
  const orgs = useOrganizations(scoped);
  const branches = useBranches(scope?.hospitalId ?? null);
  if (!scope) return null;
  return (
    <div className="scope">
      <Dropdown
        label={t('admin.scope.hospital')}
        placeholder={t('admin.scope.allHospitals')}
        value={scope.hospitalId == null ? '' : String(scope.hospitalId)}
        options={[{ value: '', label: t('admin.scope.allHospitals') }, ...(orgs.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))]}
        onChange={(v) => scope.setHospital(v ? Number(v) : null)}
        disabled={!scope.hospitalSelectable}
      />
      <Dropdown
        label={t('admin.scope.branch')}
        placeholder={t('admin.scope.allBranches')}
        value={scope.branchId == null ? '' : String(scope.branchId)}
        options={[{ value: '', label: t('admin.scope.allBranches') }, ...(branches.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))]}
        onChange={(v) => scope.setBranch(v ? Number(v) : null)}
        disabled={!scope.branchSelectable}
      />
    </div>
  );
}

export function Layout() {
  const { t, locale } = useT();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  const queryClient = useQueryClient();
  const handle = useRouteHandle();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem('care-admin-sidebar') === 'collapsed');
  const [drawer, setDrawer] = useState(false);
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const notFound = useNotFoundShown();
  const title = notFound ? t('admin.shell.admin') : handle.title ? t(handle.title as AdminKey) : t('admin.shell.admin');
  usePageTitle(title);

  useEffect(() => {
    void accessToken().then((tok) => setSignedIn(!!tok));
  }, []);
  useEffect(() => loadSupportWidget(locale), [locale]);
  // A person's navigation (a link, back or forward) closes the drawer; the app's own address corrections
  // (scoping's hospital_id, a role sent to its first screen) replace the entry and leave an opened drawer open.
  useEffect(() => {
    if (navigationType !== 'REPLACE') setDrawer(false);
  }, [location.pathname, navigationType]);

  if (signedIn === false || (me.error instanceof ApiError && me.error.status === 5)) return <Navigate to={loginHref(location)} replace />;
  if (signedIn === null || me.isPending) return <Spinner />;
  if (me.error || !me.data) return <Navigate to={loginHref(location)} replace />;

  const toggle = () => {
    localStorage.setItem('care-admin-sidebar', collapsed ? 'expanded' : 'collapsed');
    setCollapsed(!collapsed);
  };
  const onLogout = () => void logout(navigate, queryClient);

  return (
    <div className={collapsed ? 'shell collapsed' : 'shell'}>
      <a href="#admin-main" className="skip-link">
        {t('admin.shell.skip')}
      </a>
      {/* A named region, so the bar is inside a landmark (axe) without a second banner. */}
      <section className="mobile-bar" aria-label={t('admin.shell.titleBar')}>
        <button type="button" className="icon-btn" aria-label={t('admin.shell.openMenu')} aria-expanded={drawer} aria-controls="admin-sidebar" onClick={() => setDrawer(true)}>
          ☰
        </button>
        {/* The one visible h1 on mobile and tablet; the top bar's h1 is hidden there. */}
        <h1 className="mobile-title">{title}</h1>
      </section>
      {drawer ? <div className="drawer-scrim" onClick={() => setDrawer(false)} aria-hidden="true" /> : null}
      <aside id="admin-sidebar" className={drawer ? 'sidebar open' : 'sidebar'} aria-label={t('admin.shell.sidebar')}>
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">+</span>
          <span className="brand-name">{t('admin.shell.brand', { site: LOCALE_CONFIG[locale].siteName })}</span>
          <button type="button" className="icon-btn collapse-btn" aria-label={collapsed ? t('admin.shell.expand') : t('admin.shell.collapse')} aria-pressed={collapsed} onClick={toggle}>
            {collapsed ? '»' : '«'}
          </button>
          <button type="button" className="icon-btn drawer-close" aria-label={t('admin.shell.closeMenu')} onClick={() => setDrawer(false)}>
            ×
          </button>
        </div>
        <Sidebar collapsed={collapsed} onNavigate={() => setDrawer(false)} onLogout={onLogout} />
        <div className="who">
          {me.data.avatar ? <img className="who-avatar" src={me.data.avatar} alt="" width={28} height={28} /> : null}
          <span className={`badge badge-${roleBadgeColour(me.data.role)}`} data-testid="shell-name">
            {me.data.name}
          </span>
        </div>
      </aside>
      <div className="main">
        <header className="topbar">
          <h1 className="topbar-title">{title}</h1>
          <ScopeBar />
          {handle.datePicker ? (
            <Suspense fallback={null}>
              <DateBar />
            </Suspense>
          ) : null}
          <div className="topbar-tools">
            <Bell />
            <AddMenu />
          </div>
        </header>
        <main id="admin-main" className="content" tabIndex={-1}>
          <ErrorBoundary resetKey={location.pathname}>
            <RouteGuard>
              <Outlet />
            </RouteGuard>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}
