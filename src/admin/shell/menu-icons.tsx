/**
 * The sidebar's icons (issue #38 item 12): one lucide icon per menu key, imported one by one so the shell's chunk
 * holds only these (lucide-react is tree-shaken per icon). The first letter of a translated label said nothing
 * (T/T and B/B in Vietnamese).
 */
import {
  BadgePercent,
  BriefcaseMedical,
  Building2,
  CalendarCheck,
  CalendarClock,
  Contact,
  Heart,
  History,
  House,
  Image,
  LayoutDashboard,
  LayoutGrid,
  ListOrdered,
  LogOut,
  Megaphone,
  Navigation,
  Plug,
  Search,
  Settings,
  Star,
  Stethoscope,
  Syringe,
  UserRound,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  overview: LayoutDashboard,
  organization: Building2,
  doctors: Stethoscope,
  services: BriefcaseMedical,
  vaccination: Syringe,
  patients: Contact,
  users: Users,
  appointments: CalendarCheck,
  schedule: CalendarClock,
  profile: UserRound,
  reviews: Star,
  campaign: Megaphone,
  'data-history': History,
  'website-nav': Navigation,
  homepage: House,
  'homepage-banner': Image,
  'homepage-promotion': BadgePercent,
  'homepage-top-hospital': Building2,
  'homepage-top-service-category': LayoutGrid,
  'homepage-top-service': Heart,
  'homepage-top-doctor': Stethoscope,
  'homepage-popular-key': Search,
  'homepage-top-video': Video,
  integrations: Plug,
  settings: Settings,
  logout: LogOut,
};

/** The icon of a menu entry (a list icon for a key without its own). */
export function MenuIcon({ entryKey }: { entryKey: string }) {
  const Icon = ICONS[entryKey] ?? ListOrdered;
  return <Icon size={18} strokeWidth={1.8} aria-hidden="true" focusable="false" />;
}

export const MENU_ICON_KEYS = Object.keys(ICONS);
