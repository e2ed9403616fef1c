/** Small display helpers of the admin. */
import { ROLE_BADGE_COLOURS, type Role } from '../lib/roles';

export function roleBadgeColour(role: Role): string {
  return ROLE_BADGE_COLOURS[role];
}
