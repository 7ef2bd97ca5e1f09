// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ListedPromotion } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { PromotionsPage } from './promotions-page';

const api = createApiDouble();
setUpAppTests(api);

const promotion = (overrides: Partial<ListedPromotion>): ListedPromotion => ({
  id: 1,
  codigo: 'HOLA10',
  tipo: 'porcentaje',
  valor: 10,
  minimo: null,
  desde: null,
  hasta: null,
  usos_max: null,
  usos_por_cliente: null,
  categorias: [],
  productos: [],
  combinable: true,
  automatica: false,
  activa: true,
  usos: 0,
  ...overrides,
});

let promotions: ListedPromotion[] = [];
beforeEach(() => {
  promotions = [promotion({ usos: 3, usos_max: 100, usos_por_cliente: 1, hasta: '2026-12-31' })];
  api.on('GET /api/cupones', () => Response.json(promotions));
  api.on('GET /api/categorias', () =>
    Response.json([
      { id_categoria_producto: 4, nombre_categoria_producto: 'Hogar', imagen_categoria_producto: '' },
    ]),
  );
  api.on('POST /api/cupones', async (_url, init) => {
    const created = promotion({ ...JSON.parse(String(init?.body)), id: promotions.length + 1 });
    promotions = [...promotions, created];
    return Response.json(created, { status: 201 });
  });
  api.on('PUT /api/cupones/1', async (_url, init) => {
    const saved = promotion({ ...JSON.parse(String(init?.body)), id: 1, usos: 3 });
    promotions = [saved];
    return Response.json(saved);
  });
});

async function renderPage() {
  renderAdmin(<PromotionsPage />, {
    path: '/admin/ajustes/promociones',
    pattern: '/admin/ajustes/promociones',
  });
  await screen.findByRole('heading', { level: 1, name: 'Promociones' });
}

const newForm = () => screen.getByRole('form', { name: 'Nueva promoción' });
const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('Ajustes › Promociones', () => {
  it('lists each promotion with its discount, dates and uses so far', async () => {
    await renderPage();
    const row = (await screen.findByRole('rowheader', { name: 'HOLA10' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('10 %')).toBeTruthy();
    expect(within(row).getByText('Hasta el 31 de diciembre de 2026')).toBeTruthy();
    expect(within(row).getByText('3 de 100 (1 por cliente)')).toBeTruthy();
  });

  it('says in Spanish what is wrong before sending anything, with the shared rules', async () => {
    await renderPage();
    type(newForm(), 'Código', 'x');
    type(newForm(), 'Valor', '150');
    await act(async () =>
      fireEvent.click(within(newForm()).getByRole('button', { name: 'Crear promoción' })),
    );
    expect(
      within(newForm()).getByText(
        'El código lleva de 3 a 40 letras sin acentos, números, guiones o guiones bajos',
      ),
    ).toBeTruthy();
    expect(within(newForm()).getByText('El porcentaje es un número entero de 1 a 100')).toBeTruthy();
    expect(api.calls('POST /api/cupones')).toEqual([]);
  });

  it('creates an automatic free-shipping promotion over $500 with every field, and lists it', async () => {
    await renderPage();
    await screen.findByLabelText('Hogar');
    type(newForm(), 'Código', 'envio500');
    fireEvent.change(within(newForm()).getByLabelText('Tipo'), { target: { value: 'envio_gratis' } });
    type(newForm(), 'Compra mínima (USD)', '500');
    type(newForm(), 'Desde', '2026-12-01');
    type(newForm(), 'Usos totales', '50');
    type(newForm(), 'Productos (números, separados por comas)', '7, 9');
    fireEvent.click(within(newForm()).getByLabelText('Hogar'));
    fireEvent.click(within(newForm()).getByLabelText('Se aplica también a productos en oferta'));
    fireEvent.click(within(newForm()).getByLabelText('Automática: se aplica sola, sin escribir el código'));
    await act(async () =>
      fireEvent.click(within(newForm()).getByRole('button', { name: 'Crear promoción' })),
    );
    expect(api.calls('POST /api/cupones')[0]?.body).toEqual({
      codigo: 'ENVIO500',
      tipo: 'envio_gratis',
      valor: 0,
      minimo: 500,
      desde: '2026-12-01',
      hasta: null,
      usos_max: 50,
      usos_por_cliente: null,
      categorias: [4],
      productos: [7, 9],
      combinable: false,
      automatica: true,
      activa: true,
    });
    const row = (await screen.findByRole('rowheader', { name: 'ENVIO500' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Envío gratis desde $500.00')).toBeTruthy();
    expect(within(row).getByText('Activa, automática')).toBeTruthy();
  });

  it('edits a promotion in place and shows the server refusal on its field', async () => {
    api.on('PUT /api/cupones/1', () =>
      Response.json(
        {
          statusCode: 409,
          error: 'Conflict',
          message: 'Ya existe una promoción con el código OTRO.',
          fields: { codigo: 'Ese código ya existe' },
        },
        { status: 409 },
      ),
    );
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar HOLA10' }));
    const form = screen.getByRole('form', { name: 'Editar HOLA10' });
    expect((within(form).getByLabelText('Usos por cliente') as HTMLInputElement).value).toBe('1');
    type(form, 'Código', 'otro');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' })));
    expect(api.calls('PUT /api/cupones/1')[0]?.body).toMatchObject({ codigo: 'OTRO', usos_por_cliente: 1 });
    expect(await within(form).findByText('Ese código ya existe')).toBeTruthy();
  });
});
