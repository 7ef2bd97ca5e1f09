// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderSummary } from '@vitrina/shared';
import { describe, expect, it } from 'vitest';
import { createFetchStub } from '../../../testing/fetch-stub';
import { rating, sale as saleFixture, saleLine, shopConfig } from '../../../testing/fixtures';
import { renderApp, setUpAppTests } from '../../../testing/render-app';
import { SaleCard } from './sale-card';

const sale = saleFixture({
  id_venta: 3,
  valor_total_venta: 31.8,
  detalle_venta: [saleLine({ id_venta: 3 })],
});

const api = createFetchStub({
  routes: { 'GET /api/config': () => Response.json(shopConfig()) },
  otherwise: () => Response.json(rating({ id_producto: 5 }), { status: 201 }),
});
setUpAppTests(api);

function renderSale(value: OrderSummary = sale) {
  renderApp([{ path: '*', element: <SaleCard sale={value} /> }]);
}

const rateButton = () => screen.getByRole('button', { name: 'Calificar' }) as HTMLButtonElement;
const comment = () => screen.getByLabelText('Comentario') as HTMLTextAreaElement;
const settle = () => act(async () => {});

describe('RatingForm (in a sale of the purchase history)', () => {
  it('shows the sale: date, state, card, total and its line', () => {
    renderSale();
    expect(screen.getByRole('article', { name: /Compra del 1 de marzo de 2026/ })).toBeTruthy();
    expect(screen.getByText('Pagado')).toBeTruthy();
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Camiseta' }).getAttribute('href')).toBe('/products/5');
    expect(screen.getAllByText('$31.80')).toHaveLength(2);
  });

  it('stars are a radio group "Calificación" of "1 estrella"…"5 estrellas"; "Calificar" waits for them', async () => {
    renderSale();
    const group = screen.getByRole('radiogroup', { name: 'Calificación' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1 estrella' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '5 estrellas' })).toBeTruthy();
    expect(rateButton().disabled).toBe(true);

    fireEvent.change(comment(), { target: { value: 'Muy buena' } });
    await settle();
    expect(screen.getByText('Calificacion obligatoria')).toBeTruthy();
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(rateButton().disabled).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: '4 estrellas' }));
    await settle();
    expect(screen.queryByText('Calificacion obligatoria')).toBeNull();
    expect(rateButton().disabled).toBe(false);
  });

  it('a comment of 50 characters or more reads "Maximo 50 caracteres" and disables "Calificar"', async () => {
    renderSale();
    fireEvent.click(screen.getByRole('radio', { name: '5 estrellas' }));
    fireEvent.change(comment(), { target: { value: 'a'.repeat(50) } });
    await settle();
    expect(screen.getByText('Maximo 50 caracteres')).toBeTruthy();
    expect(comment().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(comment().getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Maximo 50 caracteres',
    );
    expect(rateButton().disabled).toBe(true);

    fireEvent.change(comment(), { target: { value: 'a'.repeat(49) } });
    await settle();
    expect(screen.queryByText('Maximo 50 caracteres')).toBeNull();
    expect(rateButton().disabled).toBe(false);
  });

  it('sends the rating, says "Comentado" and the line reads as rated', async () => {
    renderSale();
    fireEvent.click(screen.getByRole('radio', { name: '4 estrellas' }));
    fireEvent.change(comment(), { target: { value: '  Muy cómoda ' } });
    await settle();
    await act(async () => fireEvent.click(rateButton()));

    const [post] = api.calls('/api/products/5/calificacion');
    expect(post?.body).toEqual({
      valor_calificacion: 4,
      descripcion_motivo: 'Muy cómoda',
      id_detalle_venta: 9,
    });
    await waitFor(() => expect(screen.getByText('Gracias por tu opinion!')).toBeTruthy());
    expect(screen.getByText('Comentado')).toBeTruthy();
    expect(screen.getByText('Ya calificaste este producto')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Calificar' })).toBeNull();
  });

  it('names the order by its number, shows its shipment tracking and links to its page', () => {
    renderSale({
      ...sale,
      numero_pedido: 'V-000003',
      estado: 'enviada',
      transportista: 'Estafeta',
      guia: 'EST-9',
    });
    const card = screen.getByRole('article', { name: /^Pedido V-000003 · Compra del 1 de marzo de 2026/ });
    expect(within(card).getByText('Enviado')).toBeTruthy();
    expect(within(card).getByText('EST-9 (Estafeta)')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Ver pedido' }).getAttribute('href')).toBe('/pedido/3');
    // Shipped: its products were bought and can be rated.
    expect(within(card).getByRole('button', { name: 'Calificar' })).toBeTruthy();
  });

  it('offers no rating on a cancelled order', () => {
    renderSale({ ...sale, estado: 'cancelada' });
    expect(screen.getByText('Cancelado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Calificar' })).toBeNull();
  });

  it('offers no rating on a rated line or on a sale that was not paid', () => {
    renderSale({ ...sale, detalle_venta: sale.detalle_venta.map((l) => ({ ...l, comentado: true })) });
    expect(screen.queryByRole('button', { name: 'Calificar' })).toBeNull();
    expect(screen.getByText('Ya calificaste este producto')).toBeTruthy();
    cleanup();
    renderSale({ ...sale, estado: 'fallida' });
    expect(screen.getByText('Pago rechazado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Calificar' })).toBeNull();
  });
});
