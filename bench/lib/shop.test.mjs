import { describe, expect, it } from 'vitest';
import { DEPLOYED, NPM_START, nodeCommand } from './shop.mjs';

describe('the command lines the bench starts the shop with', () => {
  it('reads the variables and Node options before the bundle, and refuses a line without it', () => {
    expect(nodeCommand('npm run build && A_B=1 node --x=2 --y apps/server/dist/main.js', 'test')).toEqual({
      env: { A_B: '1' },
      nodeOptions: ['--x=2', '--y'],
    });
    expect(() => nodeCommand('node other.js', 'test')).toThrow(
      /no "node … apps\/server\/dist\/main\.js" in test/,
    );
  });

  it('runs the PostgreSQL shop as docs/deploy.md does: npm start but for a larger young generation', () => {
    const withoutYoung = (options) => options.filter((o) => !o.startsWith('--max-semi-space-size='));
    expect(DEPLOYED.env).toEqual(NPM_START.env);
    expect(withoutYoung(DEPLOYED.nodeOptions)).toEqual(withoutYoung(NPM_START.nodeOptions));
    const young = ({ nodeOptions }) =>
      Number(nodeOptions.find((o) => o.startsWith('--max-semi-space-size='))?.split('=')[1]);
    expect(young(DEPLOYED)).toBeGreaterThan(young(NPM_START));
  });
});
