// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AuditEntry, auditEntrySchema } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { AuditPage } from './audit-page';

const api = createApiDouble();

const entry = (
  id: number,
  accion: string,
  entidad: string,
  sentence: { resumen: string; sujeto: string; estado: [string, string] },
): AuditEntry =>
  fixture(auditEntrySchema, {
    id,
    fecha: '2026-11-20T18:00:00.000Z',
    accion,
    entidad,
    id_entidad: 7,
    resumen: sentence.resumen,
    sujeto: sentence.sujeto,
    cambios: [{ campo: 'Estado', antes: sentence.estado[0], despues: sentence.estado[1] }],
    usuario: { id_usuario: 1, nombre: 'Admin Vitrina', email: 'admin@vitrina.local' },
  });

/** 45 changes: 30 of products, 15 of users, newest first. */
const trail: AuditEntry[] = Array.from({ length: 45 }, (_, i) =>
  i % 3 === 2
    ? entry(100 - i, 'usuario.baneado', 'usuario', {
        resumen: 'Baneó al usuario Ana Pérez (ana@example.com)',
        sujeto: 'Ana Pérez (ana@example.com)',
        estado: ['Activo', 'Baneado'],
      })
    : entry(100 - i, 'producto.desactivado', 'producto', {
        resumen: 'Eliminó el producto «Silla Nórdica»',
        sujeto: '«Silla Nórdica»',
        estado: ['Habilitado', 'Inactivo'],
      }),
);

setUpAppTests(api);
beforeEach(() => {
  api.on('GET /api/admin/auditoria', (url) => {
    const entidad = url.searchParams.get('entidad');
    const page = Number(url.searchParams.get('page') ?? '1');
    const pageSize = Number(url.searchParams.get('pageSize') ?? '20');
    const matching = trail.filter((e) => !entidad || e.entidad === entidad);
    const items = matching.slice((page - 1) * pageSize, page * pageSize);
    return Response.json({ items, total: matching.length, page, pageSize });
  });
});

describe('AuditPage', () => {
  it('shows the whole trail, 20 changes a page, who did what and when in the shop’s time zone', async () => {
    renderAdmin(<AuditPage />, { path: '/admin/auditoria' });
    const table = await screen.findByRole('table', { name: 'Cambios: 45' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByText('Admin Vitrina')).toHaveLength(20);
    // 18:00 UTC is 12:00 in Mexico City.
    expect(within(table).getAllByText(/^20 nov 2026, 12:00\sp\.\s?m\.$/)).toHaveLength(20);
    const [, product, , user] = within(table).getAllByRole('row') as HTMLElement[];
    if (!product || !user) throw new Error('rows expected');
    expect(within(product).getByRole('cell', { name: 'Eliminó el producto «Silla Nórdica»' })).toBeTruthy();
    expect(within(product).getByRole('link', { name: '«Silla Nórdica»' }).getAttribute('href')).toBe(
      '/product/7',
    );
    expect(within(product).getByRole('listitem').textContent).toBe('Estado: Habilitado → Inactivo');
    expect(
      within(user).getByRole('cell', { name: 'Baneó al usuario Ana Pérez (ana@example.com)' }),
    ).toBeTruthy();
    expect(within(user).queryByRole('link')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Página 3' })));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Cambios: 45' })).getAllByRole('row')).toHaveLength(6),
    );
    expect(api.calls('GET /api/admin/auditoria').at(-1)?.url.searchParams.get('page')).toBe('3');
  });

  it('filters by entity and by days, which the server reads in the shop’s time zone', async () => {
    renderAdmin(<AuditPage />, { path: '/admin/auditoria' });
    await screen.findByRole('table', { name: 'Cambios: 45' });
    fireEvent.change(screen.getByLabelText('Entidad'), { target: { value: 'usuario' } });
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-30' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Filtrar' })));

    expect(
      await screen.findByRole('table', {
        name: 'Cambios de usuarios del 1 de noviembre de 2026 al 30 de noviembre de 2026: 15',
      }),
    ).toBeTruthy();
    const query = api.calls('GET /api/admin/auditoria').at(-1)?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toMatchObject({
      entidad: 'usuario',
      desde: '2026-11-01',
      hasta: '2026-11-30',
      page: '1',
    });
  });

  it('refuses an inverted range without asking the server', async () => {
    renderAdmin(<AuditPage />, { path: '/admin/auditoria' });
    await screen.findByRole('table', { name: 'Cambios: 45' });
    const calls = api.calls('GET /api/admin/auditoria').length;
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-01' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Filtrar' })));
    expect(screen.getByText('La fecha inicial no puede ser posterior a la final')).toBeTruthy();
    expect(api.calls('GET /api/admin/auditoria')).toHaveLength(calls);
  });
});
