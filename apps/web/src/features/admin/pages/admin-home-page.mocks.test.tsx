// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dashboardSchema } from '@vitrina/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fixture } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { AdminHomePage } from './admin-home-page';

// jsdom has no <canvas>: the uPlot chart is replaced by a stand-in that shows what it was given.
vi.mock('../components/chart-canvas', () => ({
  default: ({ seriesLabel, values }: { seriesLabel: string; values: number[] }) => (
    <div data-testid="chart">
      {seriesLabel}: {values.join(',')}
    </div>
  ),
}));

const api = createApiDouble();

const figures = (ingresos: number, ventas: number) => ({
  ingresos,
  ventas,
  ticket_promedio: ventas ? Math.round((ingresos / ventas) * 100) / 100 : 0,
});

const dashboard = fixture(dashboardSchema, {
  generado: '2026-11-21T12:00:00.000Z',
  zona_horaria: 'UTC',
  ventas: { hoy: figures(0, 0), ultimos_7_dias: figures(150.5, 2), ultimos_30_dias: figures(1322.98, 5) },
  ingresos_por_dia: Array.from({ length: 30 }, (_, i) => ({
    fecha: new Date(Date.UTC(2026, 9, 23 + i)).toISOString().slice(0, 10),
    ingresos: i === 0 ? 322.98 : i === 29 ? 1000 : 0,
    ventas: i === 0 || i === 29 ? 1 : 0,
  })),
  mas_vendidos: [
    { id_producto: 111, nombre: 'Taladro percutor inalámbrico 18 V', unidades: 4, ingresos: 396 },
    { id_producto: 89, nombre: 'Balón de fútbol profesional', unidades: 2, ingresos: 49.98 },
  ],
  inventario: {
    umbral_stock_bajo: 5,
    agotados: 12,
    stock_bajo: 3,
    lista_agotados: [{ id_producto: 28, nombre: 'Auriculares con micrófono USB', stock: 0 }],
    lista_stock_bajo: [
      {
        id_producto: 106,
        id_variante: 206,
        nombre: 'Cadena de oro de 18 quilates',
        variante: '',
        sku: 'VT-206',
        stock: 2,
        stock_minimo: 5,
      },
      {
        id_producto: 7,
        id_variante: 31,
        nombre: 'Camiseta zorzal',
        variante: 'Talla M · Rojo',
        sku: 'CAM-M-ROJO',
        stock: 8,
        stock_minimo: 10,
      },
    ],
  },
  clientes: { total: 40, baneados: 3 },
  correos_fallidos: 0,
  pedidos_por_preparar: 3,
  pedidos_por_pagar: 0,
  pagos_tardios: 0,
  auditoria_reciente: [
    {
      id: 1,
      fecha: '2026-11-20T10:00:00.000Z',
      accion: 'producto.editado',
      entidad: 'producto',
      id_entidad: 7,
      resumen: 'Editó el producto «Silla Nórdica»',
      sujeto: '«Silla Nórdica»',
      cambios: [
        { campo: 'Stock', antes: '8', despues: '15' },
        { campo: 'Precio', antes: '$24.99', despues: '$19.99' },
      ],
      usuario: { id_usuario: 1, nombre: 'Administración Vitrina', email: 'admin@vitrina.local' },
    },
    {
      id: 2,
      fecha: '2026-11-19T10:00:00.000Z',
      accion: 'calificacion.ocultada',
      entidad: 'calificacion',
      id_entidad: 9,
      resumen: 'Ocultó la calificación de Ana Pérez sobre «Taladro percutor inalámbrico 18 V»',
      sujeto: 'de Ana Pérez sobre «Taladro percutor inalámbrico 18 V»',
      cambios: [
        { campo: 'Estado', antes: 'Visible', despues: 'Oculta' },
        { campo: 'Calificación', antes: '3 de 5 estrellas', despues: null },
      ],
      usuario: null,
    },
  ],
});

setUpAppTests(api);
beforeEach(() => api.on('GET /api/admin/resumen', () => Response.json(dashboard)));

const card = (name: string) => screen.getByRole('article', { name });
const figure = (article: HTMLElement, term: string) =>
  within(article).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('AdminHomePage', () => {
  it('keeps the fourteen sections on top and shows the figures of today, 7 and 30 days', async () => {
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    const nav = screen.getByRole('navigation', { name: 'Secciones de administración' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Gestionar productos',
      'Gestionar usuarios',
      'Crear producto',
      'Historial de ventas',
      'Carritos olvidados',
      'Gestionar calificaciones',
      'Registro de cambios',
      'Sinónimos',
      'Ajustes',
      'Envío',
      'Tienda',
      'Páginas',
      'Correos',
      'Personal',
    ]);

    await screen.findByRole('heading', { name: 'Ventas pagadas' });
    expect(figure(card('Hoy'), 'Ingresos')).toBe('$0.00');
    expect(figure(card('Últimos 7 días'), 'Ventas')).toBe('2');
    expect(figure(card('Últimos 7 días'), 'Ticket promedio')).toBe('$75.25');
    expect(figure(card('Últimos 30 días'), 'Ingresos')).toBe('$1,322.98');
  });

  it('counts the paid orders to prepare, linking to them, and warns of e-mails that could not be sent', async () => {
    api.on('GET /api/admin/resumen', () => Response.json({ ...dashboard, correos_fallidos: 2 }));
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    const toPrepare = await screen.findByRole('article', { name: 'Pedidos por preparar' });
    expect(figure(toPrepare, 'Pagados, sin preparar')).toBe('3');
    expect(
      within(toPrepare).getByRole('link', { name: 'Ver pedidos por preparar' }).getAttribute('href'),
    ).toBe('/admin/pedidos?estado=pagada');
    expect(screen.getByText(/^2 correos a clientes no se pudieron enviar\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revisa por qué en Correos' }).getAttribute('href')).toBe(
      '/admin/ajustes/correos',
    );
  });

  it('counts the orders waiting for their money and the late payments to give back, linking to each list', async () => {
    api.on('GET /api/admin/resumen', () =>
      Response.json({ ...dashboard, pedidos_por_pagar: 4, pagos_tardios: 1 }),
    );
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    const toBePaid = await screen.findByRole('article', { name: 'Pedidos por pagar' });
    expect(figure(toBePaid, 'Esperando su pago')).toBe('4');
    expect(figure(toBePaid, 'Pagos tardíos por devolver')).toBe('1');
    expect(within(toBePaid).getByRole('link', { name: 'Ver pedidos por pagar' }).getAttribute('href')).toBe(
      '/admin/pedidos?estado=por_pagar',
    );
    expect(within(toBePaid).getByRole('link', { name: 'Ver pagos tardíos' }).getAttribute('href')).toBe(
      '/admin/pedidos?estado=pago_tardio',
    );
  });

  it('lets whoever works for the shop turn on, for themselves, the e-mail of each paid order', async () => {
    api.on('GET /api/personal/avisos', () => Response.json({ pedidos: false }));
    api.on('PUT /api/personal/avisos', (_url, init) => Response.json(JSON.parse(String(init?.body))));
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    const toggle = (await screen.findByLabelText(
      'Recibir en mi correo cada pedido pagado, con lo que hay que preparar',
    )) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await act(async () => fireEvent.click(toggle));
    expect(api.calls('PUT /api/personal/avisos')[0]?.body).toEqual({ pedidos: true });
    // The box shows what the server saved, once it answered.
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it("holds the e-mail choice's line, its box disabled, while the choice is read, so the dashboard does not move", async () => {
    let answer = (_: Response) => {};
    api.on('GET /api/personal/avisos', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    await screen.findByRole('article', { name: 'Pedidos por preparar' });
    const toggle = screen.getByLabelText(
      'Recibir en mi correo cada pedido pagado, con lo que hay que preparar',
    ) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    await act(async () => answer(Response.json({ pedidos: true })));
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(true);
  });

  it('says nothing of e-mail while every message went out', async () => {
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    await screen.findByRole('article', { name: 'Pedidos por preparar' });
    expect(screen.queryByText(/no se pudieron enviar|no se pudo enviar/)).toBeNull();
  });

  it('lists out-of-stock products and low-stock variants with links to edit them, and the customers', async () => {
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    const agotados = await screen.findByRole('article', { name: 'Agotados: 12' });
    expect(
      within(agotados).getByRole('link', { name: 'Auriculares con micrófono USB' }).getAttribute('href'),
    ).toBe('/product/28');
    expect(within(agotados).getByText('Y 11 más.')).toBeTruthy();
    const bajo = card('Stock bajo: 3');
    expect(within(bajo).getByText('2 unidades · mínimo 5')).toBeTruthy();
    const shirt = within(bajo).getByRole('link', { name: 'Camiseta zorzal (Talla M · Rojo)' });
    expect(shirt.getAttribute('href')).toBe('/product/7');
    expect(within(bajo).getByText('SKU CAM-M-ROJO')).toBeTruthy();
    expect(within(bajo).getByText('8 unidades · mínimo 10')).toBeTruthy();
    expect(within(bajo).getByText('Y 1 más.')).toBeTruthy();
    expect(figure(card('Clientes'), 'Baneados')).toBe('3');
    expect(figure(card('Clientes'), 'Activos')).toBe('37');
  });

  it('draws both charts with a caption and the same data as a table', async () => {
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    const revenue = await screen.findByRole('figure', { name: 'Ingresos por día (últimos 30 días)' });
    expect(await within(revenue).findByTestId('chart')).toBeTruthy();
    const days = within(revenue).getByRole('table', { name: 'Ingresos por día (últimos 30 días)' });
    expect(within(days).getAllByRole('row')).toHaveLength(31);
    expect(within(days).getByRole('row', { name: '23 de octubre de 2026 $322.98' })).toBeTruthy();
    expect(within(revenue).getByText(/^Total: \$1,322\.98 en 2 ventas\./)).toBeTruthy();

    const top = screen.getByRole('figure', { name: /productos más vendidos/ });
    const units = within(top).getByRole('table');
    expect(within(units).getByRole('row', { name: 'Taladro percutor inalámbrico 18 V 4' })).toBeTruthy();
    expect(within(top).getByTestId('chart').textContent).toBe('Unidades vendidas: 4,2');
  });

  it('shows the latest audit entries: who, what as a sentence naming the product, and before → after', async () => {
    renderAdmin(<AdminHomePage />, { path: '/adminHome' });
    const audit = await screen.findByRole('table', { name: 'Últimos cambios de los administradores' });
    const [, edited, hidden] = within(audit).getAllByRole('row') as HTMLElement[];
    if (!edited || !hidden) throw new Error('two entries expected');
    expect(within(edited).getByText('Administración Vitrina')).toBeTruthy();
    expect(within(edited).getByRole('cell', { name: 'Editó el producto «Silla Nórdica»' })).toBeTruthy();
    expect(within(edited).getByRole('link', { name: '«Silla Nórdica»' }).getAttribute('href')).toBe(
      '/product/7',
    );
    const changes = (row: HTMLElement) =>
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(changes(edited)).toEqual(['Stock: 8 → 15', 'Precio: $24.99 → $19.99']);
    // A rating has no page of its own: its sentence is plain text; a value on one side only has no arrow.
    expect(within(hidden).queryByRole('link')).toBeNull();
    expect(within(hidden).getByText('Cuenta eliminada')).toBeTruthy();
    expect(changes(hidden)).toEqual(['Estado: Visible → Oculta', 'Calificación: 3 de 5 estrellas']);
    expect(screen.getByRole('link', { name: 'Ver el registro completo' }).getAttribute('href')).toBe(
      '/admin/auditoria',
    );
  });
});
