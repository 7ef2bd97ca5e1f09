// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Ajustes } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { ajustes, shopConfig } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { SettingsPage } from './settings-page';

const api = createApiDouble();
let saved: Ajustes;

setUpAppTests(api);
beforeEach(() => {
  saved = ajustes();
  api.on('GET /api/ajustes', () => Response.json(saved));
  api.on('PUT /api/ajustes', (_url, init) => {
    saved = JSON.parse(String(init?.body));
    return Response.json(saved);
  });
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar ajustes' })));

describe('SettingsPage', () => {
  it('starts from free shipping, and saves a rate with a free-shipping threshold', async () => {
    renderAdmin(<SettingsPage />, { path: '/admin/ajustes' });
    expect(await screen.findByText('Hoy el envío es gratis en todos los pedidos.')).toBeTruthy();
    expect(field('Tarifa de envío (USD)').value).toBe('0');
    expect(field('Envío gratis desde (USD)').value).toBe('');

    fireEvent.change(field('Tarifa de envío (USD)'), { target: { value: '4,50' } });
    fireEvent.change(field('Envío gratis desde (USD)'), { target: { value: '60' } });
    await save();
    expect(api.calls('PUT /api/ajustes')[0]?.body).toEqual({ envio_tarifa: 4.5, envio_gratis_desde: 60 });
    expect(
      await screen.findByText('Hoy cada pedido paga $4.50 de envío, y es gratis desde $60.00.'),
    ).toBeTruthy();
  });

  it('an empty threshold means no free shipping', async () => {
    renderAdmin(<SettingsPage />, { path: '/admin/ajustes' });
    fireEvent.change(await screen.findByLabelText('Tarifa de envío (USD)'), { target: { value: '3' } });
    await save();
    expect(api.calls('PUT /api/ajustes')[0]?.body).toEqual({ envio_tarifa: 3, envio_gratis_desde: null });
  });

  it('in a shop without cents (SHOP_CURRENCY=CLP) writes pesos, names CLP and refuses decimals', async () => {
    api.on('GET /api/config', () => Response.json(shopConfig({ moneda: 'CLP' })));
    saved = ajustes({ envio_tarifa: 3990, envio_gratis_desde: 50000 });
    renderAdmin(<SettingsPage />, { path: '/admin/ajustes' });
    expect(
      await screen.findByText('Hoy cada pedido paga $3.990 de envío, y es gratis desde $50.000.'),
    ).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Tarifa de envío (CLP)'), { target: { value: '3990,5' } });
    await save();
    expect(describedText(field('Tarifa de envío (CLP)'))).toContain(
      'La tarifa de envío en CLP no lleva decimales',
    );
    expect(api.calls('PUT /api/ajustes')).toHaveLength(0);
  });

  it('says what to fix with the shared messages and sends nothing', async () => {
    renderAdmin(<SettingsPage />, { path: '/admin/ajustes' });
    fireEvent.change(await screen.findByLabelText('Tarifa de envío (USD)'), { target: { value: '-1' } });
    fireEvent.change(field('Envío gratis desde (USD)'), { target: { value: 'mucho' } });
    await save();
    expect(describedText(field('Tarifa de envío (USD)'))).toContain(
      'La tarifa de envío no puede ser negativa',
    );
    expect(describedText(field('Envío gratis desde (USD)'))).toContain(
      'El mínimo para envío gratis debe ser un número',
    );
    expect(document.activeElement).toBe(field('Tarifa de envío (USD)'));
    expect(api.calls('PUT /api/ajustes')).toHaveLength(0);
  });

  it("keeps the shop's low-stock threshold in Inventario: refuses a bad one in Spanish, saves a whole number", async () => {
    let inventario = { stock_minimo: 5 };
    api.on('GET /api/ajustes/inventario', () => Response.json(inventario));
    api.on('PUT /api/ajustes/inventario', (_url, init) => {
      inventario = JSON.parse(String(init?.body));
      return Response.json(inventario);
    });
    renderAdmin(<SettingsPage />, { path: '/admin/ajustes' });
    const threshold = (await screen.findByLabelText('Stock mínimo')) as HTMLInputElement;
    await waitFor(() => expect(threshold.value).toBe('5'));
    const saveInventory = () =>
      act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar inventario' })));

    fireEvent.change(threshold, { target: { value: '2,5' } });
    await saveInventory();
    expect(describedText(threshold)).toContain('El stock mínimo debe ser un número entero de 0 a 10000');
    expect(document.activeElement).toBe(threshold);
    expect(api.calls('PUT /api/ajustes/inventario')).toHaveLength(0);

    fireEvent.change(threshold, { target: { value: '3' } });
    await saveInventory();
    await waitFor(() =>
      expect(api.calls('PUT /api/ajustes/inventario')[0]?.body).toEqual({ stock_minimo: 3 }),
    );
    await waitFor(() => expect(describedText(threshold)).not.toContain('El stock mínimo'));
  });
});
