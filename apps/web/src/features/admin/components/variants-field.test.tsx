// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { describedText } from '../../../testing/described-text';
import { apiError, product } from '../../../testing/fixtures';
import { setUpAppTests } from '../../../testing/render-app';
import { CreateProductPage } from '../pages/create-product-page';
import { EditProductPage } from '../pages/edit-product-page';
import { categories, createApiDouble, renderAdmin } from '../testing/admin-test-kit';

const api = createApiDouble();
setUpAppTests(api);
beforeEach(() => {
  api.on('GET /api/categorias', () => Response.json(categories));
  let n = 0;
  api.on('POST /api/uploads', () => Response.json({ secure_url: `/uploads/productos/foto-${++n}.webp` }));
});

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) =>
  act(async () => {
    fireEvent.change(field(label), { target: { value } });
    fireEvent.blur(field(label));
  });
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const rowNames = () =>
  within(screen.getByRole('table', { name: /^Variantes/ }))
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

/** The create form filled as SPEC asks, two photos uploaded. */
async function fillProduct() {
  await screen.findByRole('option', { name: 'Deportes' });
  await type('Nombre', 'Camiseta básica');
  await type('Descripción', 'Camiseta de algodón peinado, corte recto.');
  await type('Precio', '20');
  await act(async () => fireEvent.change(field('Categoría'), { target: { value: '9' } }));
  const files = ['a.png', 'b.png'].map((name) => new File(['x'], name, { type: 'image/png' }));
  await act(async () => fireEvent.change(field('Imagen'), { target: { files } }));
  await screen.findByAltText('Vista previa de la imagen 2');
}

async function addOption(nombre: string, valores: string) {
  await click('Añadir opción');
  const n = screen.getAllByLabelText(/^Nombre de la opción \d$/).length;
  await type(`Nombre de la opción ${n}`, nombre);
  await type(`Valores de la opción ${n}`, valores);
}

describe('the product form’s options and variants', () => {
  it('without options shows SPEC’s Stock and discount; with one they give way to the variants', async () => {
    renderAdmin(<CreateProductPage />, { path: '/producto' });
    await screen.findByRole('option', { name: 'Deportes' });
    expect(field('Stock')).toBeTruthy();
    expect(field('Precio con descuento')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await click('Añadir opción');
    expect(screen.queryByLabelText('Stock', { exact: true })).toBeNull();
    expect(screen.queryByLabelText('Precio con descuento', { exact: true })).toBeNull();
    // The new option's name has the focus, for the keyboard.
    expect(document.activeElement).toBe(field('Nombre de la opción 1'));
    // Leaving the name does not yet scold the values nobody reached.
    await type('Nombre de la opción 1', 'Talla');
    expect(describedText(field('Valores de la opción 1'))).not.toContain('Indica al menos un valor');
    await type('Valores de la opción 1', ' , ');
    expect(describedText(field('Valores de la opción 1'))).toContain('Indica al menos un valor de la opción');
    await click('Quitar la opción 1');
    expect(field('Stock')).toBeTruthy();
  });

  it('generates the combinations and keeps the edited rows when regenerating', async () => {
    renderAdmin(<CreateProductPage />, { path: '/producto' });
    await screen.findByRole('option', { name: 'Deportes' });
    await addOption('Talla', 'S, M');
    await addOption('Color', 'Rojo');
    await click('Generar combinaciones');
    expect(rowNames()).toEqual(['Talla S · Rojo', 'Talla M · Rojo']);

    await type('SKU de Talla M · Rojo', 'CAM-M-ROJO');
    await type('Stock de Talla M · Rojo', '7');
    await type('Valores de la opción 2', 'Rojo, Azul');
    await click('Generar combinaciones');
    expect(rowNames()).toEqual(['Talla S · Rojo', 'Talla S · Azul', 'Talla M · Rojo', 'Talla M · Azul']);
    expect(field('SKU de Talla M · Rojo').value).toBe('CAM-M-ROJO');
    expect(field('Stock de Talla M · Rojo').value).toBe('7');
    expect(field('Stock de Talla M · Azul').value).toBe('0');
  });

  it('sets a price on the picked rows only and a stock on all of them', async () => {
    renderAdmin(<CreateProductPage />, { path: '/producto' });
    await screen.findByRole('option', { name: 'Deportes' });
    await addOption('Talla', 'S, M, L');
    await click('Generar combinaciones');
    await act(async () => fireEvent.click(field('Seleccionar Talla M')));
    await type('Precio para varias variantes', '22.50');
    await click('Aplicar precio a las seleccionadas');
    expect(['S', 'M', 'L'].map((talla) => field(`Precio de Talla ${talla}`).value)).toEqual([
      '',
      '22.50',
      '',
    ]);
    await act(async () => fireEvent.click(field('Seleccionar Talla M')));
    await type('Stock para varias variantes', '3');
    await click('Aplicar stock a todas');
    expect(['S', 'M', 'L'].map((talla) => field(`Stock de Talla ${talla}`).value)).toEqual(['3', '3', '3']);
    expect(screen.getByRole('table', { name: /^Variantes/ }).querySelector('caption')?.textContent).toBe(
      'Variantes: 3. Stock total: 9 unidades',
    );
  });

  it('posts the options and each variant’s SKU, prices, stock, photo and state', async () => {
    api.on('POST /api/products', () => Response.json(product(50), { status: 201 }));
    const router = renderAdmin(<CreateProductPage />, { path: '/producto' });
    await fillProduct();
    await addOption('Talla', 'S, M');
    await addOption('Color', 'Rojo, Azul');
    await click('Generar combinaciones');
    await type('SKU de Talla M · Rojo', 'CAM-M-ROJO');
    await type('Stock para varias variantes', '3');
    await click('Aplicar stock a todas');
    await type('Precio de Talla S · Azul', '22.50');
    await type('Precio de oferta de Talla M · Azul', '18');
    await act(async () =>
      fireEvent.change(field('Foto de Talla M · Azul'), {
        target: { value: '/uploads/productos/foto-2.webp' },
      }),
    );
    await act(async () => fireEvent.click(field('Talla S · Rojo activa')));
    await click('Quitar Talla S · Rojo');
    expect(rowNames()).toEqual(['Talla S · Azul', 'Talla M · Rojo', 'Talla M · Azul']);
    await click('Crear producto');

    await waitFor(() => expect(router.location.pathname).toBe('/adminHome'));
    const body = api.calls('POST /api/products')[0]?.body;
    expect(body).toMatchObject({ nombre: 'Camiseta básica', valor: 20, valor_descuento: null });
    expect(body).not.toHaveProperty('stock');
    expect(body).toMatchObject({
      opciones: [
        { nombre: 'Talla', valores: ['S', 'M'] },
        { nombre: 'Color', valores: ['Rojo', 'Azul'] },
      ],
      variantes: [
        {
          sku: '',
          valores: ['S', 'Azul'],
          valor: 22.5,
          valor_descuento: null,
          stock: 3,
          imagen: '',
          estado: true,
        },
        {
          sku: 'CAM-M-ROJO',
          valores: ['M', 'Rojo'],
          valor_descuento: null,
          stock: 3,
          imagen: '',
          estado: true,
        },
        {
          sku: '',
          valores: ['M', 'Azul'],
          valor_descuento: 18,
          stock: 3,
          imagen: '/uploads/productos/foto-2.webp',
          estado: true,
        },
      ],
    });
    // A row left without a price takes the product's: the key is left out.
    expect((body as { variantes: object[] }).variantes[1]).not.toHaveProperty('valor');
  });

  it('says in Spanish what is wrong with the options and the rows, and sends nothing', async () => {
    renderAdmin(<CreateProductPage />, { path: '/producto' });
    await fillProduct();
    await addOption('Talla', 'S, M, s');
    await click('Generar combinaciones');
    expect(describedText(field('Valores de la opción 1'))).toContain('Un valor se repite en la opción');
    expect(screen.queryByRole('table')).toBeNull();

    await type('Valores de la opción 1', 'S, M');
    await addOption('talla', 'Rojo');
    await click('Generar combinaciones');
    expect(await screen.findByText('Dos opciones tienen el mismo nombre')).toBeTruthy();
    await click('Quitar la opción 2');

    await addOption('Color', 'A, B, C, D, E, F, G, H, I, J');
    await addOption('Manga', 'Corta, Larga, Sin manga, Tres cuartos, Raglán, Japonesa');
    await click('Generar combinaciones');
    expect(
      await screen.findByText('Un producto admite hasta 100 variantes; estas opciones hacen 120'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    await click('Quitar la opción 3');
    await click('Quitar la opción 2');
    expect(screen.queryByText(/Un producto admite hasta 100 variantes/)).toBeNull();

    await click('Crear producto');
    expect(await screen.findByText('Indica al menos una variante')).toBeTruthy();
    await click('Generar combinaciones');
    await type('Stock de Talla S', '-1');
    await type('SKU de Talla M', 'con espacio');
    await click('Crear producto');
    expect(describedText(field('Stock de Talla S'))).toContain('El stock no puede ser negativo');
    expect(describedText(field('SKU de Talla M'))).toContain('El SKU admite hasta 40 letras');
    expect(field('Stock de Talla S').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls('POST /api/products')).toHaveLength(0);
  });

  it('shows the server’s refusal of a variant next to its row and keeps everything typed', async () => {
    api.on('POST /api/products', () =>
      Response.json(
        apiError('Bad Request', 'El SKU CAM-M ya lo usa otro producto', {
          'variantes.1.sku': 'El SKU CAM-M ya lo usa otro producto',
        }),
        { status: 400 },
      ),
    );
    renderAdmin(<CreateProductPage />, { path: '/producto' });
    await fillProduct();
    await addOption('Talla', 'S, M');
    await click('Generar combinaciones');
    await type('SKU de Talla M', 'CAM-M');
    await click('Crear producto');
    await screen.findByText('intente nuevamente');
    expect(describedText(field('SKU de Talla M'))).toContain('El SKU CAM-M ya lo usa otro producto');
    expect(document.activeElement).toBe(field('SKU de Talla M'));
    expect(rowNames()).toEqual(['Talla S', 'Talla M']);
  });
});

describe('editing a product with variants', () => {
  const shirt = product(7, {
    nombre: 'Camiseta básica',
    valor: 20,
    valor_descuento: null,
    stock: 6,
    opciones: [{ nombre: 'Talla', valores: ['S', 'M'] }],
    variantes: [
      {
        id_variante: 1,
        sku: 'CAM-S',
        valores: ['S'],
        valor: 20,
        valor_descuento: null,
        stock: 4,
        stock_minimo: null,
        imagen: '',
        estado: true,
      },
      {
        id_variante: 2,
        sku: 'CAM-M',
        valores: ['M'],
        valor: 22.5,
        valor_descuento: 19,
        stock: 2,
        stock_minimo: null,
        imagen: '',
        estado: true,
      },
    ],
  });

  it('starts from the stored variants and sends them all, with their ids, when one changes', async () => {
    api.on('GET /api/products/admin/7', () => Response.json(shirt));
    api.on('PUT /api/products/7/editProduct', () => Response.json(shirt));
    renderAdmin(<EditProductPage />, { path: '/product/7', pattern: '/product/:id' });
    await waitFor(() => expect(field('SKU de Talla M').value).toBe('CAM-M'));
    expect(field('Valores de la opción 1').value).toBe('S, M');
    expect(field('Precio de Talla M').value).toBe('22.50');
    expect(field('Precio de oferta de Talla M').value).toBe('19');

    await type('Stock de Talla S', '10');
    await click('Guardar cambios');
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sí' })));
    expect(await screen.findByText('¡Producto actualizado!')).toBeTruthy();
    expect(api.calls('PUT /api/products/7/editProduct').map((c) => c.body)).toEqual([
      {
        opciones: [{ nombre: 'Talla', valores: ['S', 'M'] }],
        variantes: [
          {
            id_variante: 1,
            sku: 'CAM-S',
            valores: ['S'],
            valor: 20,
            valor_descuento: null,
            stock: 10,
            stock_minimo: null,
            imagen: '',
            estado: true,
          },
          {
            id_variante: 2,
            sku: 'CAM-M',
            valores: ['M'],
            valor: 22.5,
            valor_descuento: 19,
            stock: 2,
            stock_minimo: null,
            imagen: '',
            estado: true,
          },
        ],
      },
    ]);
  });
});
