// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { apiError, product, shopConfig } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { CreateProductPage } from '../pages/create-product-page';
import { EditProductPage } from '../pages/edit-product-page';
import { categories, createApiDouble, renderAdmin } from '../testing/admin-test-kit';

const api = createApiDouble();
setUpAppTests(api);
beforeEach(() => api.on('GET /api/categorias', () => Response.json(categories)));

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) =>
  act(async () => {
    fireEvent.change(field(label), { target: { value } });
    fireEvent.blur(field(label));
  });
/** The text of what the field's aria-describedby points at (its hint and error). */
const description = (label: string) => describedText(field(label));
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('CreateProductPage', () => {
  it('sends nothing while a field is wrong, shows each message on its field and focuses the first', async () => {
    renderAdmin(<CreateProductPage />, { path: '/producto' });
    await screen.findByRole('option', { name: 'Deportes' });
    await type('Nombre', 'Gorra');
    await type('Precio', '19,90');
    await click('Crear producto');

    expect(description('Stock')).toContain('Campo Requerido');
    expect(description('Precio')).toContain('Usa punto para separar los decimales');
    expect(description('Descripción')).toContain('Campo Requerido');
    expect(description('Categoría')).toContain('Elige una categoría');
    expect(field('Stock').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Stock'));

    expect(api.calls('POST /api/products')).toHaveLength(0);
  });

  it('in a shop without cents (SHOP_CURRENCY=CLP) asks for whole pesos and refuses decimals', async () => {
    api.on('GET /api/config', () => Response.json(shopConfig({ moneda: 'CLP' })));
    renderAdmin(<CreateProductPage />, { path: '/producto' });
    await screen.findByRole('option', { name: 'Deportes' });
    await waitFor(() => expect(description('Precio')).toContain('En CLP, sin decimales: 12990'));
    await type('Precio', '12990.50');
    await type('Precio con descuento', '9990.9');
    await click('Crear producto');
    expect(description('Precio')).toContain('Los precios en CLP no llevan decimales');
    expect(description('Precio con descuento')).toContain('Los precios en CLP no llevan decimales');
    expect(api.calls('POST /api/products')).toHaveLength(0);

    await type('Precio', '12990');
    await type('Precio con descuento', '9990');
    expect(description('Precio')).not.toContain('no llevan decimales');
    expect(description('Precio con descuento')).not.toContain('no llevan decimales');
  });

  it('posts the parsed product, says so and goes to /adminHome', async () => {
    api.on('POST /api/uploads', () => Response.json({ secure_url: '/uploads/productos/nueva.webp' }));
    api.on('POST /api/products', () => Response.json(product(50), { status: 201 }));
    const router = renderAdmin(<CreateProductPage />, { path: '/producto' });
    await screen.findByRole('option', { name: 'Deportes' });
    await type('Nombre', '  Gorra deportiva ');
    await type('Stock', '12');
    await type('Descripción', 'Gorra transpirable con visera curva.');
    await type('Precio', '19.9');
    await act(async () => fireEvent.change(field('Categoría'), { target: { value: '9' } }));
    const file = new File(['x'], 'gorra.png', { type: 'image/png' });
    await act(async () => fireEvent.change(field('Imagen'), { target: { files: [file] } }));
    expect(await screen.findByAltText('Vista previa de la imagen 1')).toBeTruthy();
    await click('Crear producto');

    await waitFor(() => expect(router.location.pathname).toBe('/adminHome'));
    expect(api.calls('POST /api/products')[0]?.body).toEqual({
      nombre: 'Gorra deportiva',
      descripcion_producto: 'Gorra transpirable con visera curva.',
      valor: 19.9,
      valor_descuento: null,
      stock: 12,
      id_categoria_producto: 9,
      imagen: '/uploads/productos/nueva.webp',
      imagenes: [{ url: '/uploads/productos/nueva.webp', alt: '' }],
    });
    expect(await screen.findByText('producto creado correctamente')).toBeTruthy();
  });

  it('after a refused create says Error / intente nuevamente and keeps what was typed', async () => {
    api.on('POST /api/uploads', () => Response.json({ secure_url: '/uploads/productos/nueva.webp' }));
    api.on('POST /api/products', () =>
      Response.json(
        apiError('Bad Request', 'Revisa los datos', { id_categoria_producto: 'La categoría no existe' }),
        { status: 400 },
      ),
    );
    const router = renderAdmin(<CreateProductPage />, { path: '/producto' });
    await screen.findByRole('option', { name: 'Deportes' });
    await type('Nombre', 'Gorra deportiva');
    await type('Stock', '12');
    await type('Descripción', 'Gorra transpirable con visera curva.');
    await type('Precio', '19.90');
    await act(async () => fireEvent.change(field('Categoría'), { target: { value: '9' } }));
    await act(async () =>
      fireEvent.change(field('Imagen'), {
        target: { files: [new File(['x'], 'g.png', { type: 'image/png' })] },
      }),
    );
    await screen.findByAltText('Vista previa de la imagen 1');
    await click('Crear producto');

    const alert = await screen.findByText('intente nuevamente');
    expect(within(alert.closest('[role="alert"]') as HTMLElement).getByText('Error')).toBeTruthy();
    expect(description('Categoría')).toContain('La categoría no existe');
    expect(field('Nombre').value).toBe('Gorra deportiva');
    expect(field('Precio').value).toBe('19.90');
    expect(router.location.pathname).toBe('/producto');
  });
});

describe('CreateProductPage when the categories fail to load', () => {
  it('says so on the field and retries on demand, keeping what was typed', async () => {
    let failing = true;
    api.on('GET /api/categorias', () =>
      failing
        ? Response.json(apiError('Forbidden', 'CSRF token mismatch'), { status: 403 })
        : Response.json(categories),
    );
    renderAdmin(<CreateProductPage />, { path: '/producto' });
    await screen.findByRole('button', { name: 'Reintentar cargar las categorías' });
    expect(description('Categoría')).toContain('No se pudieron cargar las categorías');
    await type('Nombre', 'Gorra deportiva');
    failing = false;
    await click('Reintentar cargar las categorías');
    expect(await screen.findByRole('option', { name: 'Deportes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar cargar las categorías' })).toBeNull();
    expect(field('Nombre').value).toBe('Gorra deportiva');
  });
});

describe('EditProductPage', () => {
  const stored = product(7, {
    nombre: 'Balón de fútbol',
    valor: 24.99,
    valor_descuento: 19.5,
    stock: 8,
  });

  function renderEdit() {
    api.on('GET /api/products/admin/7', () => Response.json(stored));
    return renderAdmin(<EditProductPage />, { path: '/product/7', pattern: '/product/:id' });
  }

  it('starts from the stored values and, after the confirmation, sends only the changed fields', async () => {
    api.on('PUT /api/products/7/editProduct', (_url, init) =>
      Response.json(product(7, { ...stored, ...JSON.parse(String(init?.body)) })),
    );
    renderEdit();
    await waitFor(() => expect(field('Nombre').value).toBe('Balón de fútbol'));
    await screen.findByRole('option', { name: 'Deportes' });
    expect(field('Precio').value).toBe('24.99');
    expect(field('Precio con descuento').value).toBe('19.50');
    expect(field('Categoría').value).toBe('1');

    await type('Stock', '15');
    await type('Precio', '24.990');
    await type('Descripción', '');
    await click('Guardar cambios');

    const dialog = await screen.findByRole('alertdialog', {
      name: 'Estás seguro de que quieres hacer estos cambios?',
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));

    expect(await screen.findByText('¡Producto actualizado!')).toBeTruthy();
    // 24.990 is the stored price and the emptied description means "unchanged": only the stock goes.
    expect(api.calls('PUT /api/products/7/editProduct').map((c) => c.body)).toEqual([{ stock: 15 }]);
  });

  it('reorders photos, sets their alternative text and removes one, sending the new list', async () => {
    const photo = (name: string, alt = '') => ({ url: `/uploads/productos/${name}.webp`, alt });
    api.on('GET /api/products/admin/7', () =>
      Response.json({ ...stored, imagen: photo('a').url, imagenes: [photo('a'), photo('b'), photo('c')] }),
    );
    api.on('PUT /api/products/7/editProduct', (_url, init) =>
      Response.json(product(7, { ...stored, ...JSON.parse(String(init?.body)) })),
    );
    renderAdmin(<EditProductPage />, { path: '/product/7', pattern: '/product/:id' });
    await screen.findByAltText('Vista previa de la imagen 3');
    await click('Subir la foto 2');
    await type('Texto alternativo de la foto 1 (principal)', 'Balón visto de lado');
    await click('Quitar la foto 3');
    expect(screen.queryByAltText('Vista previa de la imagen 3')).toBeNull();
    await click('Guardar cambios');
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));

    expect(await screen.findByText('¡Producto actualizado!')).toBeTruthy();
    expect(api.calls('PUT /api/products/7/editProduct').map((c) => c.body)).toEqual([
      { imagenes: [photo('b', 'Balón visto de lado'), photo('a')] },
    ]);
  });

  it('sends nothing when the confirmation is cancelled and says Cambios no realizados', async () => {
    renderEdit();
    await waitFor(() => expect(field('Nombre').value).toBe('Balón de fútbol'));
    await type('Nombre', 'Balón profesional');
    await click('Guardar cambios');
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })));

    expect(await screen.findByText('Cambios no realizados')).toBeTruthy();
    expect(api.calls('PUT /api/products/7/editProduct')).toHaveLength(0);
    expect(field('Nombre').value).toBe('Balón profesional');
  });

  it('removes the discount with valor_descuento: null and blocks a discount above the price', async () => {
    api.on('PUT /api/products/7/editProduct', () =>
      Response.json(product(7, { ...stored, valor_descuento: null })),
    );
    renderEdit();
    await waitFor(() => expect(field('Nombre').value).toBe('Balón de fútbol'));
    await type('Precio con descuento', '30');
    await click('Guardar cambios');
    expect(description('Precio con descuento')).toContain(
      'El precio con descuento debe ser menor que el precio',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await act(async () => fireEvent.click(screen.getByLabelText('Quitar el descuento')));
    expect(field('Precio con descuento').disabled).toBe(true);
    expect(field('Precio con descuento').getAttribute('aria-invalid')).toBeNull();
    await click('Guardar cambios');
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));
    await screen.findByText('¡Producto actualizado!');
    expect(api.calls('PUT /api/products/7/editProduct').map((c) => c.body)).toEqual([
      { valor_descuento: null },
    ]);
  });

  it('Eliminar hides the product after its confirmation, then offers Restaurar', async () => {
    let current = stored;
    api.on('GET /api/products/admin/7', () => Response.json(current));
    api.on('PUT /api/products/delete/7', (_url, init) => {
      current = product(7, { ...current, estado: JSON.parse(String(init?.body)).estado });
      return Response.json(current);
    });
    renderAdmin(<EditProductPage />, { path: '/product/7', pattern: '/product/:id' });
    const eliminar = await screen.findByRole('button', { name: 'Eliminar' });
    await act(async () => fireEvent.click(eliminar));
    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Desea eliminar el producto Balón de fútbol?',
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));

    expect(await screen.findByRole('button', { name: 'Restaurar' })).toBeTruthy();
    expect(api.calls('PUT /api/products/delete/7').map((c) => c.body)).toEqual([{ estado: false }]);
    expect(await screen.findByText('Producto eliminado')).toBeTruthy();
  });
});
