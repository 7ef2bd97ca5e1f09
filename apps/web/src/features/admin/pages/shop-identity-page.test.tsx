// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import type { Tienda } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { apiError, tienda } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { ShopIdentityPage } from './shop-identity-page';

const api = createApiDouble();
let saved: Tienda;

setUpAppTests(api);
beforeEach(() => {
  saved = tienda();
  api.on('GET /api/ajustes/tienda', () => Response.json(saved));
  api.on('PUT /api/ajustes/tienda', (_url, init) => {
    const body = JSON.parse(String(init?.body)) as Tienda;
    saved = tienda(body);
    return Response.json(saved);
  });
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const change = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar tienda' })));

async function renderPage() {
  renderAdmin(<ShopIdentityPage />, { path: '/admin/ajustes/tienda' });
  await screen.findByLabelText('Nombre de la tienda');
}

describe('ShopIdentityPage', () => {
  it("starts from the shop's name and colours, and saves the name, colours, contact, links and WhatsApp", async () => {
    await renderPage();
    expect(field('Nombre de la tienda').value).toBe('Vitrina');
    expect(field('Color primario').value).toBe('#2b1d14');
    change('Nombre de la tienda', '  Casa Lola ');
    change('Color primario', '#1e3a8a');
    change('Color de acento', '#0f766e');
    change('Correo de contacto', 'Hola@CasaLola.mx');
    change('Teléfono', '+52 55 1234 5678');
    change('Instagram', 'https://instagram.com/casalola');
    change('WhatsApp', '+52 1 55 1234 5678');
    await save();
    expect(api.calls('PUT /api/ajustes/tienda')[0]?.body).toEqual({
      nombre: 'Casa Lola',
      logo: null,
      favicon: null,
      colores: { primario: '#1e3a8a', acento: '#0f766e' },
      contacto: { email: 'hola@casalola.mx', telefono: '+52 55 1234 5678', direccion: '' },
      redes: { instagram: 'https://instagram.com/casalola', facebook: '', tiktok: '', x: '', youtube: '' },
      whatsapp: '5215512345678',
    });
    expect(await screen.findByText('Tienda guardada')).toBeTruthy();
  });

  it('says at once why a colour cannot be used, with its contrast, and sends nothing', async () => {
    await renderPage();
    change('Color de acento', '#fbbf24');
    expect(describedText(field('Color de acento'))).toContain(
      'Los enlaces y botones en el color de acento tienen un contraste de 1,5:1 sobre el fondo de la tienda y el mínimo es 4,5:1 (WCAG AA).',
    );
    await save();
    expect(api.calls('PUT /api/ajustes/tienda')).toHaveLength(0);
    expect(document.activeElement).toBe(field('Color de acento'));
  });

  it('shows the messages of the shared schema under each field, and the server’s when it refuses', async () => {
    await renderPage();
    change('Nombre de la tienda', ' ');
    change('WhatsApp', '123');
    change('Facebook', 'http://facebook.com/x');
    await save();
    expect(describedText(field('Nombre de la tienda'))).toContain('Escribe el nombre de la tienda');
    expect(describedText(field('WhatsApp'))).toContain(
      'El número de WhatsApp lleva el código del país y tiene de 8 a 15 dígitos',
    );
    expect(describedText(field('Facebook'))).toContain(
      'El enlace de Facebook debe ser una dirección que empiece con https://',
    );
    expect(api.calls('PUT /api/ajustes/tienda')).toHaveLength(0);

    api.on('PUT /api/ajustes/tienda', () =>
      Response.json(apiError('Bad Request', 'La imagen no es válida', { logo: 'La imagen no es válida' }), {
        status: 400,
      }),
    );
    change('Nombre de la tienda', 'Casa Lola');
    change('WhatsApp', '');
    change('Facebook', '');
    await save();
    // Under the logo's field, and in the notice.
    expect(await screen.findAllByText('La imagen no es válida')).toHaveLength(2);
  });
});
