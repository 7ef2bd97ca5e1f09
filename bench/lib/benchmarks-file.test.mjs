import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBenchmarksFile } from './benchmarks-file.mjs';
import { budget } from './markdown.mjs';

const dir = mkdtempSync(join(tmpdir(), 'vitrina-benchmarks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TITLES = ['API load', 'Checkout', 'Web'];
const rowsOf = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => TITLES.some((title) => line.startsWith(`| ${title} |`)));

describe('writeBenchmarksFile', () => {
  const file = join(dir, 'BENCHMARKS.md');

  it('writes a row per budget with when and where it was measured, and "not run" for a section never run', () => {
    writeBenchmarksFile({
      file,
      titles: TITLES,
      machine: '2 cores, 8 GiB, Node v22.12.0, PostgreSQL 15.20, PGlite 0.5.16',
      measured: new Map([
        [
          'API load',
          {
            when: new Date('2026-11-27T10:13:40Z'),
            budgets: [budget('p99 < 50 ms', '4 ms', true), budget('≥ 50 % of bare', '42.0 %', false)],
          },
        ],
      ]),
    });
    expect(rowsOf(file)).toEqual([
      '| API load | 2026-11-27 10:13 UTC | 2 cores, 8 GiB, Node v22.12.0, PostgreSQL 15.20, PGlite 0.5.16 | p99 < 50 ms | 4 ms | yes |',
      '| API load | 2026-11-27 10:13 UTC | 2 cores, 8 GiB, Node v22.12.0, PostgreSQL 15.20, PGlite 0.5.16 | ≥ 50 % of bare | 42.0 % | **no** |',
      '| Checkout | — | — | — | not run | — |',
      '| Web | — | — | — | not run | — |',
    ]);
    expect(readFileSync(file, 'utf8')).toContain('**1 of 2 hold**');
  });

  it('replaces the rows of the sections a run measured and keeps the others as they were', () => {
    writeBenchmarksFile({
      file,
      titles: TITLES,
      machine: '4 cores, 16 GiB, Node v24.21.0, PostgreSQL 17.6, PGlite 0.5.16',
      measured: new Map([
        [
          'Web',
          {
            when: new Date('2026-11-28T08:00:00Z'),
            budgets: [budget('home | product ≤ 110 KB', '108.7 KB', true)],
          },
        ],
      ]),
    });
    expect(rowsOf(file)).toEqual([
      '| API load | 2026-11-27 10:13 UTC | 2 cores, 8 GiB, Node v22.12.0, PostgreSQL 15.20, PGlite 0.5.16 | p99 < 50 ms | 4 ms | yes |',
      '| API load | 2026-11-27 10:13 UTC | 2 cores, 8 GiB, Node v22.12.0, PostgreSQL 15.20, PGlite 0.5.16 | ≥ 50 % of bare | 42.0 % | **no** |',
      '| Checkout | — | — | — | not run | — |',
      '| Web | 2026-11-28 08:00 UTC | 4 cores, 16 GiB, Node v24.21.0, PostgreSQL 17.6, PGlite 0.5.16 | home \\| product ≤ 110 KB | 108.7 KB | yes |',
    ]);
    expect(readFileSync(file, 'utf8')).toContain('**2 of 3 hold**');
  });

  it('keeps a kept row whole when one of its cells holds a pipe', () => {
    writeBenchmarksFile({
      file,
      titles: TITLES,
      machine: '4 cores, 16 GiB, Node v24.21.0, PostgreSQL 17.6, PGlite 0.5.16',
      measured: new Map([
        [
          'Checkout',
          { when: new Date('2026-11-28T09:00:00Z'), budgets: [budget('Zero oversell', '0 units', true)] },
        ],
      ]),
    });
    expect(rowsOf(file).at(-1)).toBe(
      '| Web | 2026-11-28 08:00 UTC | 4 cores, 16 GiB, Node v24.21.0, PostgreSQL 17.6, PGlite 0.5.16 | home \\| product ≤ 110 KB | 108.7 KB | yes |',
    );
    expect(readFileSync(file, 'utf8')).toContain('**3 of 4 hold**');
  });
});
