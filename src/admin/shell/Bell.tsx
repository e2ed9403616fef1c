/**
 * The top bar's notification bell (SPEC §2 "notification bell with numeric badge"; issue #27 item 4): the unread
 * count as a badge (none at 0, '99+' above 99), a menu of the latest notifications (new and cancelled bookings with
 * the appointment's day and time in its hospital's time zone, finished imports), mark one or all read. Radix
 * DropdownMenu gives the keyboard: Enter/Space/ArrowDown open, arrows move, Escape closes and returns focus.
 */
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { todayInZone } from '../../lib/hospital-time';
import { badgeText, type AdminNotification } from '../../lib/admin-notifications';
import { useMarkAllRead, useMarkRead, useNotifications } from '../data/notifications/queries';
import { useT, type Translator } from '../i18n';

const KIND_TEXT = {
  booking_new: 'admin.notifications.bookingNew',
  booking_cancelled: 'admin.notifications.bookingCancelled',
  import_finished: 'admin.notifications.importFinished',
  webhook_paused: 'admin.notifications.webhookPaused', // issue 40
} as const;

/** One notification's sentence, the appointment shown in its hospital's time zone (DESIGN §5 hospital time). */
export function notificationText(n: AdminNotification, { t, locale }: Pick<Translator, 't' | 'locale'>): string {
  if (n.kind === 'import_finished') return t(KIND_TEXT.import_finished, { file: n.import?.fileName ?? '' });
  if (n.kind === 'webhook_paused') return t(KIND_TEXT.webhook_paused, { hospital: n.booking?.hospitalName ?? '' });
  const at = new Date(n.booking!.startsAt);
  const zone = n.booking!.timeZone;
  const date = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(at);
  return t(KIND_TEXT[n.kind], { hospital: n.booking!.hospitalName, date, time });
}

function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Z M10 20a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** SPEC §2: the top bar's right tools are hidden on mobile and tablet (the CSS breakpoint of admin.css). */
const WIDE = '(min-width: 1024px)';
function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(WIDE);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE).matches,
  );
}

/** Not mounted where it is hidden, so a phone does not poll for a bell nobody sees. */
export function Bell() {
  return useWide() ? <BellMenu /> : null;
}

/** Where a booking notification leads: the appointments screen on the appointment's day, its detail open. */
export function notificationHref(n: AdminNotification): string | null {
  if (!n.booking) return null;
  return `/admin/appointments?date=${todayInZone(Date.parse(n.booking.startsAt), n.booking.timeZone)}&booking=${n.booking.id}`;
}

function BellMenu() {
  const tr = useT();
  const navigate = useNavigate();
  const { t, locale } = tr;
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const pages = list.data?.pages ?? [];
  const unread = pages[0]?.unread ?? 0;
  const items = pages.flatMap((p) => p.items);
  const badge = badgeText(unread);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button type="button" className="icon-btn bell" aria-label={t('admin.notifications.bell', { count: unread })} data-testid="bell">
          <BellIcon />
          {badge ? (
            <span className="bell-badge" aria-hidden="true" data-testid="bell-badge">
              {badge}
            </span>
          ) : null}
        </button>
      </Menu.Trigger>
      {/* Not portalled: the menu stays inside the top bar's landmark (axe "region"). */}
      <Menu.Content className="menu bell-menu" align="end" sideOffset={4} aria-label={t('admin.notifications.title')}>
          <div className="bell-head">
            <Menu.Label className="bell-title">{t('admin.notifications.title')}</Menu.Label>
            <span className="bell-count">{t('admin.notifications.unread', { count: unread })}</span>
          </div>
          {list.isPending ? (
            <p className="menu-empty">{t('admin.notifications.loading')}</p>
          ) : list.isError ? (
            <>
              <p className="menu-empty">{t('admin.notifications.error')}</p>
              <Menu.Item className="menu-item bell-action" onSelect={(e) => { e.preventDefault(); void list.refetch(); }}>
                {t('admin.notifications.retry')}
              </Menu.Item>
            </>
          ) : items.length === 0 ? (
            <p className="menu-empty">{t('admin.notifications.empty')}</p>
          ) : (
            <>
              <Menu.Group className="bell-list">
                {items.map((n) => (
                  <Menu.Item
                    key={n.id}
                    className={n.read ? 'menu-item bell-item' : 'menu-item bell-item unread'}
                    data-testid="bell-item"
                    onSelect={(e) => {
                      if (!n.read) markRead.mutate(n.id);
                      // A booking entry opens the booking's detail (the menu closes); others only mark read.
                      const href = notificationHref(n);
                      if (href) navigate(href);
                      else e.preventDefault();
                    }}
                  >
                    <span className="bell-dot" aria-hidden="true" />
                    <span className="bell-text">
                      <span>{notificationText(n, tr)}</span>
                      <span className="bell-when">
                        {n.read ? null : <span className="sr-only">{t('admin.notifications.newBadge')}. </span>}
                        {when.format(new Date(n.createdAt))}
                      </span>
                    </span>
                  </Menu.Item>
                ))}
              </Menu.Group>
              {list.hasNextPage ? (
                <Menu.Item className="menu-item bell-action" disabled={list.isFetchingNextPage} onSelect={(e) => { e.preventDefault(); void list.fetchNextPage(); }}>
                  {t('admin.notifications.more')}
                </Menu.Item>
              ) : null}
            </>
          )}
          <Menu.Separator className="bell-sep" />
          <Menu.Item className="menu-item bell-action" disabled={unread === 0 || markAll.isPending} onSelect={(e) => { e.preventDefault(); markAll.mutate(undefined); }}>
            {t('admin.notifications.markAllRead')}
          </Menu.Item>
        </Menu.Content>
    </Menu.Root>
  );
}
