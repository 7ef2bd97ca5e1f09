// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { regionsOf, type ShippingSettingsAnswer } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { getNotificationState } from '../../../lib/notifications';
import { describedText } from '../../../testing/described-text';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { ShippingSettingsPage } from './shipping-settings-page';

const api = createApiDouble();
let saved: ShippingSettingsAnswer;

setUpAppTests(api);
beforeEach(() => {
  saved = {
    pais: 'Estados Unidos',
    nombre_region: 'Estado',
    regiones: [...regionsOf('USD')],
    zonas: [{ nombre: 'Costa oeste', regiones: ['California'], tarifa: 900, gratis_desde: null }],
    resto: { tarifa: 500, gratis_desde: 6000 },
    retiro: { activo: false, direccion: '', horario: '' },
  };
  api.on('GET /api/ajustes/envio', () => Response.json(saved));
  api.on('PUT /api/ajustes/envio', (_url, init) => {
    const body = JSON.parse(String(init?.body));
    saved = { ...saved, ...body };
    return Response.json(saved);
  });
  api.on('GET /api/ajustes/avisos', () => Response.json({ resumen_diario: false }));
});

/** The zone just added: the last one (role queries over its 51 states are too slow in jsdom). */
const newZone = () =>
  screen.getAllByLabelText('Nombre de la zona').at(-1)?.closest('fieldset') as HTMLElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar envío' })));

describe('ShippingSettingsPage', () => {
  it('adds a zone of states at its own rate, keeps the rest of the country and turns pickup on, in cents', async () => {
    renderAdmin(<ShippingSettingsPage />, { path: '/admin/ajustes/envio' });
    expect(
      ((await screen.findByLabelText('Tarifa del resto del país (USD)')) as HTMLInputElement).value,
    ).toBe('5');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Agregar zona' })));
    const zone = newZone();
    fireEvent.change(within(zone).getByLabelText('Nombre de la zona'), { target: { value: 'Lejanos' } });
    fireEvent.click(within(zone).getByLabelText('Alaska'));
    fireEvent.click(within(zone).getByLabelText('Hawaii'));
    // California is another zone's: it says which.
    expect(within(zone).getByLabelText('California (Costa oeste)')).toBeTruthy();
    fireEvent.change(within(zone).getByLabelText('Tarifa (USD)'), { target: { value: '45,50' } });
    fireEvent.click(screen.getByLabelText('Ofrecer retiro en tienda (sin costo de envío)'));
    fireEvent.change(screen.getByLabelText('Dirección de retiro'), {
      target: { value: 'Calle Roble 12, Austin' },
    });
    fireEvent.change(screen.getByLabelText('Horario de retiro'), {
      target: { value: 'Lunes a viernes de 9 a 18' },
    });
    await save();

    expect(api.calls('PUT /api/ajustes/envio')[0]?.body).toEqual({
      zonas: [
        { nombre: 'Costa oeste', regiones: ['California'], tarifa: 900, gratis_desde: null },
        { nombre: 'Lejanos', regiones: ['Alaska', 'Hawaii'], tarifa: 4550, gratis_desde: null },
      ],
      resto: { tarifa: 500, gratis_desde: 6000 },
      retiro: { activo: true, direccion: 'Calle Roble 12, Austin', horario: 'Lunes a viernes de 9 a 18' },
    });
    await waitFor(() =>
      expect(getNotificationState().toasts.map((toast) => toast.title)).toContain('Envío guardado'),
    );
  });

  it('says, as the server would, what is wrong and sends nothing', async () => {
    renderAdmin(<ShippingSettingsPage />, { path: '/admin/ajustes/envio' });
    await screen.findByLabelText('Tarifa del resto del país (USD)');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Agregar zona' })));
    const zone = newZone();
    fireEvent.click(within(zone).getByLabelText('California (Costa oeste)'));
    fireEvent.click(screen.getByLabelText('Ofrecer retiro en tienda (sin costo de envío)'));
    await save();

    expect(describedText(within(zone).getByLabelText('Nombre de la zona'))).toContain(
      'Escribe el nombre de la zona',
    );
    expect(within(zone).getByRole('alert').textContent).toBe(
      'California ya está en la zona «Costa oeste»: cada región va en una sola zona',
    );
    expect(describedText(screen.getByLabelText('Horario de retiro'))).toContain(
      'Escribe el horario en que se retiran los pedidos',
    );
    expect(api.calls('PUT /api/ajustes/envio')).toEqual([]);
  });
});
