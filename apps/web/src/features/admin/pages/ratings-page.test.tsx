// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { type AdminRating, adminRatingSchema } from '@vitrina/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { createApiDouble, renderAdmin } from '../testing/admin-test-kit';
import { RatingsPage } from './ratings-page';

const api = createApiDouble();

const adminRating = (id: number, descripcion_motivo: string, estado: boolean): AdminRating =>
  fixture(adminRatingSchema, {
    id_motivo_calificacion: id,
    valor_calificacion: 2,
    descripcion_motivo,
    estado,
    fecha: '2026-11-20T18:00:00.000Z',
    id_producto: 5,
    producto: 'Camiseta',
    id_detalle_venta: 40 + id,
    autor: { id_usuario: 2, nombre: 'Ana López', email: 'ana@vitrina.local' },
  });

let ratings: AdminRating[] = [];

setUpAppTests(api);
beforeEach(() => {
  ratings = [adminRating(1, 'Muy buena', true), adminRating(2, 'La oculté por error', false)];
  // As the server answers: estado=true the shown ones, estado=false the hidden ones.
  api.on('GET /api/products/todascalificaciones', (url) => {
    const visible = url.searchParams.get('estado') === 'true';
    const items = ratings.filter((r) => r.estado === visible);
    return Response.json({ items, total: items.length, page: 1, pageSize: 20 });
  });
  const setVisible = (id: number, estado: boolean) => {
    ratings = ratings.map((r) => (r.id_motivo_calificacion === id ? { ...r, estado } : r));
    return Response.json(ratings.find((r) => r.id_motivo_calificacion === id));
  };
  api.on('PUT /api/products/calificaciones/2/restaurar', () => setVisible(2, true));
  api.on('PUT /api/products/calificaciones/1', () => setVisible(1, false));
});

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

describe('RatingsPage', () => {
  it('lists the shown ratings with Eliminar, and the hidden ones in their tab with Restaurar', async () => {
    renderAdmin(<RatingsPage />, { path: '/calificaciones' });
    await screen.findByRole('table', { name: 'Calificaciones visibles en la tienda: 1' });
    expect(within(rowOf('Muy buena')).getByRole('button', { name: 'Eliminar' })).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Ocultas' })));
    await screen.findByRole('table', { name: 'Calificaciones ocultas: 1' });
    expect(within(rowOf('La oculté por error')).getByRole('button', { name: 'Restaurar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('restores nothing when the confirmation is cancelled', async () => {
    renderAdmin(<RatingsPage />, { path: '/calificaciones?estado=ocultas' });
    await screen.findByRole('table', { name: 'Calificaciones ocultas: 1' });
    await act(async () =>
      fireEvent.click(within(rowOf('La oculté por error')).getByRole('button', { name: 'Restaurar' })),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '¿Desea restaurar este comentario?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })));
    expect(await screen.findByText('El comentario no ha sido restaurado.')).toBeTruthy();
    expect(api.calls('PUT /api/products/calificaciones/2/restaurar')).toHaveLength(0);
  });

  it('restores a hidden rating after Sí: it leaves the hidden ones and is shown in the shop again', async () => {
    renderAdmin(<RatingsPage />, { path: '/calificaciones?estado=ocultas' });
    await screen.findByRole('table', { name: 'Calificaciones ocultas: 1' });
    await act(async () =>
      fireEvent.click(within(rowOf('La oculté por error')).getByRole('button', { name: 'Restaurar' })),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '¿Desea restaurar este comentario?' });
    expect(within(dialog).getByText(/Volverá a mostrarse en la tienda/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));

    expect(await screen.findByText('El comentario ha sido restaurado.')).toBeTruthy();
    expect(await screen.findByText('No hay calificaciones ocultas')).toBeTruthy();
    expect(api.calls('PUT /api/products/calificaciones/2/restaurar')).toHaveLength(1);

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Visibles en la tienda' })));
    await screen.findByRole('table', { name: 'Calificaciones visibles en la tienda: 2' });
  });

  it('still hides a shown rating with Eliminar after Sí', async () => {
    renderAdmin(<RatingsPage />, { path: '/calificaciones' });
    await screen.findByRole('table', { name: 'Calificaciones visibles en la tienda: 1' });
    await act(async () =>
      fireEvent.click(within(rowOf('Muy buena')).getByRole('button', { name: 'Eliminar' })),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '¿Desea eliminar este comentario?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));
    expect(await screen.findByText('El comentario ha sido eliminado.')).toBeTruthy();
    expect(await screen.findByText('No hay productos con Calificaciones')).toBeTruthy();
  });
});
