/** Admin roles (SPEC §6): the list, labels and badge colours. */
import { LOCALE_CONFIG, type Locale } from '../../i18n/locales';
import { message, type Message } from './message-key';

export const ROLES = ['admin', 'super', 'facility', 'branch', 'doctor', 'senior_branch'] as const;
export type Role = (typeof ROLES)[number];

/** Every admin page allows these roles (SPEC §2 shell). */
export const ADMIN_ROLES: readonly Role[] = ROLES;

export type BadgeColour = 'red' | 'yellow' | 'green' | 'blue' | 'purple';

export const ROLE_BADGE_COLOURS: Record<Role, BadgeColour> = {
  admin: 'red',
  super: 'red',
  facility: 'yellow',
  branch: 'green',
  doctor: 'blue',
  senior_branch: 'purple',
};

/** The admin label names the provider (the locale's site), e.g. 'HealthFind PH Admin'. */
export const ROLE_LABELS: Record<Role, Message> = {
  admin: message('admin.role.admin'),
  super: message('admin.role.super'),
  facility: message('admin.role.facility'),
  branch: message('admin.role.branch'),
  doctor: message('admin.role.doctor'),
  senior_branch: message('admin.role.seniorBranch'),
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The role label as a complete message: the admin label gets the locale's site name. */
export function roleLabelMessage(locale: Locale, role: Role): Message {
  return { key: ROLE_LABELS[role].key, params: { site: LOCALE_CONFIG[locale].siteName } };
}

/** The role's badge: its label as a message (rendered by the caller's catalogue) and its colour. */
export function roleBadge(locale: Locale, role: Role): { label: Message; colour: BadgeColour } {
  return { label: roleLabelMessage(locale, role), colour: ROLE_BADGE_COLOURS[role] };
}

/** Roles that see every hospital. */
export function isPlatformAdmin(role: Role): boolean {
  return role === 'admin' || role === 'super';
}
