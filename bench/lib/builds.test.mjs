import { describe, expect, it } from 'vitest';
import { mediansByBuild, parseBuilds, roundOrder } from './builds.mjs';

describe('the builds of a side-by-side comparison', () => {
  it('reads the rounds, and a bundle or a JSON build, each with a name', () => {
    const { rounds, builds } = parseBuilds(['5', 'a/main-base.js', '{"name":"head","server":"b/main.js"}'], {
      script: 'x.mjs',
      defaultRounds: 3,
    });
    expect(rounds).toBe(5);
    expect(builds.map((b) => b.name)).toEqual(['build 1', 'head']);
    expect(builds[1].server.endsWith('/b/main.js')).toBe(true);
  });

  it('alternates the order of the builds from round to round', () => {
    expect(roundOrder(['a', 'b'], 0)).toEqual(['a', 'b']);
    expect(roundOrder(['a', 'b'], 1)).toEqual(['b', 'a']);
  });

  it('gives each build, in the order given, the median of each field over its own rounds', () => {
    const rows = new Map([
      [
        'after',
        [
          { rate: 9, cpu: { ms: 1 } },
          { rate: 7, cpu: { ms: 3 } },
        ],
      ],
      [
        'before',
        [
          { rate: 5, cpu: { ms: 8 } },
          { rate: 1, cpu: { ms: 2 } },
          { rate: 4, cpu: { ms: 9 } },
        ],
      ],
    ]);
    const medians = mediansByBuild([{ name: 'before' }, { name: 'after' }], rows, {
      rate: (x) => x.rate,
      ms: (x) => x.cpu.ms,
    });
    expect(medians).toEqual([
      { name: 'before', rate: 4, ms: 8 },
      { name: 'after', rate: 8, ms: 2 },
    ]);
  });

  it('gives the median of an even number of rounds to the hundredth', () => {
    const rows = new Map([['a', [{ ms: 6.9 }, { ms: 6.2 }, { ms: 5.6 }, { ms: 7.2 }]]]);
    expect(mediansByBuild([{ name: 'a' }], rows, { ms: (x) => x.ms })).toEqual([{ name: 'a', ms: 6.55 }]);
  });
});
