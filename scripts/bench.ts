/**
 * npm run bench [-- --scale N] [-- --only name]: runs tests/bench/*.bench.ts and prints one JSON line per figure.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { argValue } from './lib/args';
import type { Benchmark, Figure } from '../tests/bench/harness';

const dir = path.resolve(import.meta.dirname, '../tests/bench');
const scale = Number(argValue('--scale') ?? 1);
const only = argValue('--only');
const files = (await readdir(dir)).filter((f) => f.endsWith('.bench.ts')).sort();
let over = 0;
for (const f of files) {
  const bench = (await import(pathToFileURL(path.join(dir, f)).href)).default as Benchmark;
  if (only && !bench.name.includes(only)) continue;
  console.error(`[bench] ${bench.name} (scale ${scale})`);
  await bench.run({
    scale,
    scaleGiven: argValue('--scale') !== undefined,
    log: (m) => console.error(`[bench] ${bench.name}: ${m}`),
    emit(figure: Figure) {
      const out: Record<string, unknown> = { name: figure.name, value: figure.value, unit: figure.unit };
      if (figure.budget !== undefined) {
        out.budget = figure.budget;
        const ok = figure.higherIsBetter ? figure.value >= figure.budget : figure.value <= figure.budget;
        out.over_budget = !ok;
        if (!ok) over++;
      }
      if (figure.detail) Object.assign(out, { detail: figure.detail });
      console.log(JSON.stringify(out));
    },
  });
}
if (over) console.error(`[bench] ${over} figure(s) over budget`);
