/**
 * The vaccine branch list (SPEC §2, §4, §9): organization header, 10 items then 10 more per 'load more' press
 * after 300 ms, distance sorting toggling asc and desc (distance only when both coordinate pairs exist).
 * Pure and free of UI strings: the detail page's small script uses it as it is.
 */
import { distanceKm, sortByDistance, toggleSortDirection, type Coordinates, type SortDirection } from './distance';

/** Branch paging 10 with 300 ms delay (SPEC §9). */
export const BRANCH_PAGE_SIZE = 10;
export const LOAD_MORE_DELAY_MS = 300;

/** How many branches show at first. */
export function initialBranchCount(total: number, pageSize = BRANCH_PAGE_SIZE): number {
  return Math.max(0, Math.min(total, pageSize));
}

/** How many show after one more 'load more' press. */
export function loadMoreCount(shown: number, total: number, pageSize = BRANCH_PAGE_SIZE): number {
  return Math.max(0, Math.min(total, Math.max(0, shown) + pageSize));
}

export function hasMoreBranches(shown: number, total: number): boolean {
  return shown < total;
}

/** The first press sorts nearest first; each later press reverses the order. */
export function nextDistanceSort(current: SortDirection | null): SortDirection {
  return current == null ? 'asc' : toggleSortDirection(current);
}

/**
 * Branches in distance order from `position` (branches without coordinates last, whatever the direction);
 * the default order when there is no position or no sort yet.
 */
export function sortBranches<T extends Coordinates>(branches: readonly T[], position: Coordinates | null, direction: SortDirection | null): T[] {
  if (!position || !direction) return [...branches];
  return sortByDistance(branches, (b) => distanceKm(position, b), direction);
}

export interface OrganizationRun<T> {
  organizationId: number;
  items: T[];
}

/** The organization header goes before each run of consecutive branches of one organization. */
export function organizationRuns<T extends { organizationId: number }>(items: readonly T[]): OrganizationRun<T>[] {
  const runs: OrganizationRun<T>[] = [];
  for (const item of items) {
    const last = runs[runs.length - 1];
    if (last && last.organizationId === item.organizationId) last.items.push(item);
    else runs.push({ organizationId: item.organizationId, items: [item] });
  }
  return runs;
}

/** The branch a vaccination card shows and links to: the first that has the vaccine in stock, else the first. */
export function firstBranch<T extends { outOfStock: boolean }>(branches: readonly T[]): T | undefined {
  return branches.find((b) => !b.outOfStock) ?? branches[0];
}
