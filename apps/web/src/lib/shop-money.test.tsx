import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchStub } from '../testing/fetch-stub';
import { shopConfig } from '../testing/fixtures';
import { setUpAppTests } from '../testing/render-app';
import { ShopConfigProvider } from '../testing/shop-config-provider';
import { queryClient } from './query-client';
import { useFormatMoney } from './shop-money';

afterEach(cleanup);

function Amounts({ values }: { values: number[] }) {
  const formatMoney = useFormatMoney();
  return (
    <ul>
      {values.map((value) => (
        <li key={value}>{formatMoney(value)}</li>
      ))}
    </ul>
  );
}

const shown = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('useFormatMoney', () => {
  it("writes amounts as the shop's currency's country writes money", () => {
    const values = [12990, 1234.5];
    const cases = [
      ['USD', ['$12,990.00', '$1,234.50']],
      ['MXN', ['$12,990.00', '$1,234.50']],
      ['CLP', ['$12.990', '$1.235']],
      ['ARS', ['$\u00a012.990,00', '$\u00a01.234,50']],
      ['EUR', ['12.990,00\u00a0€', '1234,50\u00a0€']],
    ] as const;
    for (const [moneda, expected] of cases) {
      render(
        <ShopConfigProvider overrides={{ moneda }}>
          <Amounts values={values} />
        </ShopConfigProvider>,
      );
      expect(shown()).toEqual(expected);
      cleanup();
    }
  });

  describe('in the app', () => {
    const api = createFetchStub();
    setUpAppTests(api);

    it('follows SHOP_CURRENCY as GET /api/config gives it', async () => {
      api.on('GET /api/config', () => Response.json(shopConfig({ moneda: 'CLP' })));
      render(
        <QueryClientProvider client={queryClient}>
          <Amounts values={[12990]} />
        </QueryClientProvider>,
      );
      expect(await screen.findByText('$12.990')).toBeTruthy();
    });
  });
});
