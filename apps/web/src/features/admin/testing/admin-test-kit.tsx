import type { Category, Product } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { createFetchStub } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { shopConfig } from '../../../testing/sample-data';

/*
 * What the admin component tests share on top of src/testing: the API double with the shop's config,
 * sample data, and the page under test with a stand-in for the admin home it goes back to.
 */

export const createApiDouble = () =>
  createFetchStub({ routes: { 'GET /api/config': () => Response.json(shopConfig) } });

export const categories: Category[] = [
  { id_categoria_producto: 1, nombre_categoria_producto: 'Indumentaria', imagen_categoria_producto: '' },
  { id_categoria_producto: 9, nombre_categoria_producto: 'Deportes', imagen_categoria_producto: '' },
];

export function sampleProduct(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id_producto: id,
    nombre: `Producto ${id}`,
    descripcion_producto: `Descripción larga del producto número ${id}, con todos sus detalles.`,
    valor: 100,
    valor_descuento: 80,
    stock: 10,
    imagen: `/uploads/productos/p${id}.webp`,
    estado: true,
    id_categoria_producto: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    calificacion_promedio: null,
    calificaciones_total: 0,
    Categoria_producto: categories[0] as Category,
    ...overrides,
  };
}

/** Renders `element` at `path` (matching `pattern`), with a stand-in for the admin home. */
export function renderAdmin(
  element: ReactNode,
  { path, pattern = path.split('?')[0] as string }: { path: string; pattern?: string },
) {
  return renderApp(
    [
      { path: pattern, element },
      { path: '/adminHome', element: <h1>Panel</h1> },
    ],
    { path },
  );
}
