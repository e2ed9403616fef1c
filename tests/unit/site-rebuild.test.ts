import { describe, expect, it } from 'vitest';
import { buildTitle, REBUILD_LATENCY_MS, REBUILD_SPACING_MS, shouldRebuild, type PendingChanges } from '../../src/lib/site-rebuild';

const MINUTE = 60_000;

/** Runs the schedule (every minute) over `changes` (epoch ms); the times builds start. */
function simulate(changes: number[], until: number): number[] {
  const starts: number[] = [];
  let covered = 0; // changes[0..covered) are in a started build
  for (let now = 0; now <= until; now += MINUTE) {
    const waiting = changes.slice(covered).filter((t) => t <= now);
    const pending: PendingChanges | null = waiting.length
      ? { count: waiting.length, throughId: covered + waiting.length, oldestAt: waiting[0], newestAt: waiting[waiting.length - 1], entities: { doctors: waiting.length } }
      : null;
    if (shouldRebuild(pending, starts.at(-1) ?? null, now)) {
      starts.push(now);
      covered += waiting.length;
    }
  }
  return starts;
}

describe('scheduled rebuild rules', () => {
  it('coalesces a burst of 1,000 changes into one build', () => {
    const burst = Array.from({ length: 1000 }, (_, i) => 10 * MINUTE + i * 50); // 50 s of writes
    expect(simulate(burst, 60 * MINUTE)).toHaveLength(1);
  });

  it('starts at most one build per 10 minutes, and puts every change in a started build within 15 minutes', () => {
    // A change every 37 s for two hours (steady editing), and a few lone ones.
    const changes = [...Array.from({ length: 195 }, (_, i) => 5 * MINUTE + i * 37_000), 150 * MINUTE, 163 * MINUTE + 5_000, 171 * MINUTE].sort((a, b) => a - b);
    const starts = simulate(changes, 240 * MINUTE);
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(REBUILD_SPACING_MS);
    for (const c of changes) {
      const build = starts.find((s) => s >= c);
      expect(build, `change at ${c / MINUTE} min`).toBeDefined();
      expect(build! - c).toBeLessThanOrEqual(REBUILD_LATENCY_MS);
    }
  });

  it('does nothing without changes', () => {
    expect(shouldRebuild(null, null, Date.now())).toBe(false);
  });

  it('names what changed in the title, most changed first', () => {
    const pending = { count: 1003, throughId: 9, oldestAt: 0, newestAt: 0, entities: { hospitals: 2, doctors: 1000, articles: 1 } };
    expect(buildTitle(pending)).toBe('Directory changed: 1000 doctors, 2 hospitals, 1 article');
    expect(buildTitle({ ...pending, entities: { all: 1 } })).toBe('Directory changed: 1 reseed');
  });
});
