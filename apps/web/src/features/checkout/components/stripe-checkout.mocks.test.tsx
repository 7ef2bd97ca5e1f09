// @vitest-environment jsdom
import type { CardElementProps } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { OrderSummary } from '@vitrina/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotificationState } from '../../../lib/notifications';
import { describedText } from '../../../testing/described-text';
import { createFetchStub } from '../../../testing/fetch-stub';
import { apiError, sale as saleFixture, shopConfig } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { CheckoutPanel } from './checkout-panel';
import type { CheckoutPanelProps } from './checkout-props';

// Stripe.js never loads here: both packages are replaced by fakes that the tests drive.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  instance: { createPaymentMethod: vi.fn(), handleNextAction: vi.fn(), handleCardAction: vi.fn() },
  cardElement: { focus: vi.fn() },
  /** The props of the last CardElement rendered (its events are how the tests "type" a card). */
  card: null as CardElementProps | null,
  /** The props of the last Elements provider rendered. */
  elements: null as { stripe: unknown; options?: unknown } | null,
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { createElement, Fragment } = await import('react');
  return {
    Elements: ({ children, ...props }: { stripe: unknown; options?: unknown; children?: unknown }) => {
      stripe.elements = props;
      return createElement(Fragment, null, children as never);
    },
    CardElement: (props: CardElementProps) => {
      stripe.card = props;
      return createElement('div', { 'data-testid': 'stripe-card-element' });
    },
  };
});

const ADDRESS = { nombre: 'Ana López', direccion: 'Calle Durango 120, Roma Norte', telefono: '5512345678' };

const STRIPE_CONFIG = shopConfig({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_vitrina' });
const SANDBOX_CONFIG = shopConfig();

const sale = (overrides: Partial<OrderSummary> = {}) =>
  saleFixture({ valor_total_venta: 10, id_pago: 'pm_stripe_1', ...overrides });

const api = createFetchStub({ routes: { 'GET /api/config': () => Response.json(STRIPE_CONFIG) } });
setUpAppTests(api);

beforeEach(() => {
  stripe.loadStripe.mockResolvedValue(stripe.instance);
  stripe.instance.createPaymentMethod.mockResolvedValue({
    paymentMethod: { id: 'pm_stripe_1', card: { brand: 'visa', last4: '4242' } },
  });
  stripe.instance.handleNextAction.mockResolvedValue({ paymentIntent: { status: 'requires_capture' } });
});
afterEach(() => {
  vi.clearAllMocks();
  stripe.card = null;
  stripe.elements = null;
});

function renderPanel(props: Partial<CheckoutPanelProps> = {}) {
  const onPaid = vi.fn<CheckoutPanelProps['onPaid']>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CheckoutPanel
        order={{ lines: [{ id_producto: 2, cantidad: 1 }], totalCents: 1000, shippingCents: 0 }}
        onPaid={onPaid}
        readAddress={() => ({
          metodo_envio: 'domicilio',
          direccion_envio: ADDRESS,
          guardar_direccion: false,
        })}
        {...props}
      />
    </QueryClientProvider>,
  );
  return onPaid;
}

const payButton = () => screen.getByRole('button', { name: 'Pagar 10.00 USD' }) as HTMLButtonElement;

/** Stripe's card element mounted and loaded. */
async function cardLoaded() {
  await screen.findByTestId('stripe-card-element');
  await waitFor(() => expect(stripe.card).not.toBeNull());
  await act(async () => stripe.card?.onReady?.(stripe.cardElement as never));
}

/** What Stripe's card element reports while the shopper types. */
const cardChange = (change: Partial<StripeCardElementChangeEvent>) =>
  act(async () =>
    stripe.card?.onChange?.({
      elementType: 'card',
      empty: false,
      complete: false,
      brand: 'visa',
      value: { postalCode: '' },
      error: undefined,
      ...change,
    } as StripeCardElementChangeEvent),
  );

async function fillCard() {
  await cardLoaded();
  await cardChange({ complete: true });
  fireEvent.change(screen.getByLabelText('Nombre en la tarjeta'), { target: { value: ' Ana López ' } });
  await act(async () => {});
}

const submit = () => act(async () => fireEvent.click(payButton()));

describe('CheckoutPanel with Stripe', () => {
  it("loads Stripe.js with the config's key in Spanish and shows Stripe's card field, not ours", async () => {
    renderPanel();
    await cardLoaded();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_vitrina', { locale: 'es' });
    expect(stripe.elements).toEqual({ stripe: stripe.instance, options: { locale: 'es' } });
    expect(screen.getByRole('group', { name: 'Tarjeta' })).toBeTruthy();
    expect(screen.getByLabelText('Nombre en la tarjeta')).toBeTruthy();
    expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();
    expect(screen.queryByLabelText('Vencimiento')).toBeNull();
    expect(screen.queryByLabelText('CVC')).toBeNull();
    expect(screen.queryByText(/Modo de prueba/)).toBeNull();
  });

  it('keeps the pay button off while Stripe.js loads and until the card element is complete', async () => {
    let loaded: (value: unknown) => void = () => undefined;
    stripe.loadStripe.mockReturnValue(new Promise((resolve) => (loaded = resolve)));
    renderPanel();
    await screen.findByTestId('stripe-card-element');
    expect(stripe.elements?.stripe).toBeNull();
    expect(payButton().disabled).toBe(true);
    expect(describedText(payButton())).toBe('Cargando el sistema de pago…');

    await act(async () => loaded(stripe.instance));
    await cardLoaded();
    expect(payButton().disabled).toBe(true);
    expect(describedText(payButton())).toBe('Completa los datos de la tarjeta para pagar.');

    await cardChange({ complete: false, empty: false });
    expect(payButton().disabled).toBe(true);
    await cardChange({ complete: true });
    expect(payButton().disabled).toBe(false);
    await cardChange({ complete: false });
    expect(payButton().disabled).toBe(true);
  });

  it("still says why when the order can't be paid", async () => {
    renderPanel({ disabled: true, disabledReason: 'Revisa los productos marcados antes de pagar.' });
    await fillCard();
    expect(payButton().disabled).toBe(true);
    expect(describedText(payButton())).toBe('Revisa los productos marcados antes de pagar.');
  });

  it("posts createPaymentMethod's id as id_pago with an idempotency key, then reports the sale", async () => {
    api.on('POST /api/venta', () => Response.json(sale(), { status: 201 }));
    const onPaid = renderPanel();
    await fillCard();
    await submit();

    expect(stripe.instance.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: stripe.cardElement,
      billing_details: { name: 'Ana López' },
    });
    const [venta] = api.calls('POST /api/venta');
    expect(venta?.body).toEqual({
      detalle_venta: [{ id_producto: 2, cantidad: 1 }],
      id_pago: 'pm_stripe_1',
      valor_total_venta: 1000,
      costo_envio: 0,
      metodo_envio: 'domicilio',
      direccion_envio: ADDRESS,
    });
    expect(venta?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.calls('POST /api/pagos/sandbox/metodos')).toHaveLength(0);
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(sale()));
    expect(getNotificationState().toasts.map((toast) => toast.text)).toContain('Gracias por tu compra!');
  });

  it('asks for the name on the card before calling Stripe', async () => {
    renderPanel();
    await cardLoaded();
    await cardChange({ complete: true });
    await submit();
    expect(screen.getByText('Ingresa el nombre que aparece en la tarjeta')).toBeTruthy();
    expect(stripe.instance.createPaymentMethod).not.toHaveBeenCalled();
  });

  it('a 202 runs handleNextAction with the client secret, then POSTs /api/venta/:id/confirmar', async () => {
    api.on('POST /api/venta', () =>
      Response.json(
        { ...sale({ estado: 'pendiente' }), requiere_accion: { client_secret: 'pi_3_secret_abc' } },
        { status: 202 },
      ),
    );
    api.on('POST /api/venta/7/confirmar', () => {
      // Only once Stripe's 3-D Secure step is over.
      expect(stripe.instance.handleNextAction).toHaveBeenCalledTimes(1);
      return Response.json(sale());
    });
    const onPaid = renderPanel();
    await fillCard();
    await submit();

    expect(stripe.instance.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_3_secret_abc' });
    expect(stripe.instance.handleCardAction).not.toHaveBeenCalled();
    expect(api.calls('POST /api/venta/7/confirmar')).toHaveLength(1);
    expect(api.calls('POST /api/pagos/sandbox/confirmar')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(sale()));
  });

  it('a failed 3-D Secure step still asks the server, and its 402 is shown with nothing paid', async () => {
    stripe.instance.handleNextAction.mockResolvedValue({
      error: { type: 'card_error', message: 'No pudimos autenticar tu método de pago.' },
    });
    api.on('POST /api/venta', () =>
      Response.json(
        { ...sale({ estado: 'pendiente' }), requiere_accion: { client_secret: 'pi_3_secret_abc' } },
        { status: 202 },
      ),
    );
    api.on('POST /api/venta/7/confirmar', () =>
      Response.json(apiError('Payment Required', 'Tu banco no autorizó el pago. Prueba con otra tarjeta.'), {
        status: 402,
      }),
    );
    const onPaid = renderPanel();
    await fillCard();
    await submit();

    const alert = await screen.findByText('Tu banco no autorizó el pago. Prueba con otra tarjeta.');
    expect(document.activeElement).toBe(alert);
    expect(api.calls('POST /api/venta/7/confirmar')).toHaveLength(1);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("shows Stripe's card error under the card field and submits nothing", async () => {
    stripe.instance.createPaymentMethod.mockResolvedValue({
      error: { type: 'validation_error', message: 'El número de tu tarjeta no es válido.' },
    });
    const onPaid = renderPanel();
    await fillCard();
    await submit();

    const error = screen.getByText('El número de tu tarjeta no es válido.');
    expect(describedText(screen.getByRole('group', { name: 'Tarjeta' }))).toBe(error.textContent);
    expect(stripe.cardElement.focus).toHaveBeenCalled();
    expect(api.calls('POST /api/venta')).toHaveLength(0);
    expect(onPaid).not.toHaveBeenCalled();

    // The element's own live validation replaces it.
    await cardChange({
      complete: false,
      error: { type: 'validation_error', code: 'incomplete_cvc', message: 'El CVC está incompleto.' },
    });
    expect(screen.queryByText('El número de tu tarjeta no es válido.')).toBeNull();
    expect(screen.getByText('El CVC está incompleto.')).toBeTruthy();
    expect(payButton().disabled).toBe(true);
  });

  it('retries a sale lost to a network error with the same key and the same payment method', async () => {
    let attempts = 0;
    api.on('POST /api/venta', () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return Response.json(sale(), { status: 201 });
    });
    const onPaid = renderPanel();
    await fillCard();
    await submit();
    expect(await screen.findByText(/no se te cobrará dos veces/)).toBeTruthy();
    await submit();

    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    const keys = api.calls('POST /api/venta').map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(stripe.instance.createPaymentMethod).toHaveBeenCalledTimes(1);
  });

  it('says so, with nothing to pay, when Stripe.js cannot be loaded', async () => {
    stripe.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    renderPanel();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No pudimos cargar el sistema de pago. Revisa tu conexión y recarga la página.',
    );
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
  });

  it("says so when Stripe's card element fails to load", async () => {
    renderPanel();
    await screen.findByTestId('stripe-card-element');
    await act(async () =>
      stripe.card?.onLoadError?.({ elementType: 'card', error: { type: 'api_connection_error' } }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'No pudimos cargar el sistema de pago. Revisa tu conexión y recarga la página.',
    );
    expect(screen.queryByRole('button', { name: /^Pagar/ })).toBeNull();
  });
});

describe('CheckoutPanel with the sandbox', () => {
  it('shows our own card fields and the test cards, and never loads Stripe.js', async () => {
    api.on('GET /api/config', () => Response.json(SANDBOX_CONFIG));
    renderPanel();
    expect(await screen.findByLabelText('Número de tarjeta')).toBeTruthy();
    expect(screen.getByLabelText('CVC')).toBeTruthy();
    expect(screen.getByText(/Modo de prueba/)).toBeTruthy();
    expect(screen.queryByTestId('stripe-card-element')).toBeNull();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});
