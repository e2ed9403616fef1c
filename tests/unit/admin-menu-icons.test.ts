/** Issue #38 item 12: every sidebar entry of every role has its own icon, not the first letter of its label. */
import { describe, expect, it } from 'vitest';
import { adminMenu, STAFF_ROLES, type MenuEntry } from '../../src/lib/admin-menu';
import { MENU_ICON_KEYS } from '../../src/admin/shell/menu-icons';

describe('sidebar icons', () => {
  it('cover every menu key of every role', () => {
    const keys = new Set<string>();
    const walk = (entries: MenuEntry[]) => entries.forEach((e) => (keys.add(e.key), e.children && walk(e.children)));
    for (const role of STAFF_ROLES) walk(adminMenu(role));
    for (const k of keys) expect(MENU_ICON_KEYS, k).toContain(k);
  });
});
