import { render } from '@testing-library/react';
import type { Category, Product } from '@vitrina/shared';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { Toaster } from '../../../components/toaster';

/*
 * What the admin component tests share: a fetch double answering by "METHOD /path" (query ignored, kept
 * in the recorded URL), sample data, and a memory router with the toaster.
 */

export type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;

export function createApiDouble() {
  let handlers: Record<string, Handler> = {};
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = handlers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (handler) return handler(url, init);
    if (url.pathname === '/api/config') return Response.json({ shopName: 'Vitrina', supportEmail: 'x@y.z' });
    return Response.json({ error: 'Not Found', message: 'No encontrado' }, { status: 404 });
  });
  return {
    fetchMock,
    on(key: string, handler: Handler) {
      handlers[key] = handler;
    },
    reset() {
      handlers = {};
      fetchMock.mockClear();
    },
    /** The calls to "METHOD /path", with their parsed URL and JSON body. */
    calls(key: string) {
      return fetchMock.mock.calls
        .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
        .filter(({ url, init }) => `${init?.method ?? 'GET'} ${url.pathname}` === key)
        .map(({ url, init }) => ({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined }));
    },
  };
}

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

/** Renders `element` at `path` (matching `pattern`), with stand-ins for the pages it links to. */
export function renderAdmin(
  element: ReactNode,
  { path, pattern = path.split('?')[0] as string }: { path: string; pattern?: string },
) {
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: '/adminHome', element: <h1>Panel</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProvider>
      <RouterProvider router={router} />
      <Toaster />
    </AppProvider>,
  );
  return router;
}
