/** The bell's badge rule and call shapes (src/lib/admin-notifications.ts). */
import { describe, expect, it } from 'vitest';
import { badgeText, UNREAD_COUNT_CAP } from '../../src/lib/admin-notifications';
import { notificationListQuerySchema } from '../../src/lib/admin-notifications-query';

describe('admin bell', () => {
  it('hides the badge at 0, shows the count up to 99 and 99+ above', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(UNREAD_COUNT_CAP)).toBe('99+');
  });
  it('counts just past 99, so the server never counts more than the badge shows', () => {
    expect(UNREAD_COUNT_CAP).toBe(100);
  });
  it('pages from 1', () => {
    expect(notificationListQuerySchema.parse({})).toEqual({ page: 1 });
    expect(notificationListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});
