// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { shopConfig } from '../../../testing/fixtures';
import { CheckoutPanel } from './checkout-panel';

// Stripe.js loads, but the chunk with Stripe's card field cannot be downloaded (offline since).
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('says paying is unavailable, with no pay button, when the card field cannot be downloaded', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json(shopConfig({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_vitrina' })),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CheckoutPanel
        order={{ lines: [{ id_producto: 2, cantidad: 1 }], totalCents: 1000, shippingCents: 0 }}
        onPaid={vi.fn()}
        readAddress={() => undefined}
      />
    </QueryClientProvider>,
  );
  expect((await screen.findByRole('alert')).textContent).toBe(
    'No pudimos cargar el sistema de pago. Revisa tu conexión y recarga la página.',
  );
  expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
});
