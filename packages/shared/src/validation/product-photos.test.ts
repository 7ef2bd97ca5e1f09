import { describe, expect, it } from 'vitest';
import { photoSizeUrl, photoSrcSet } from '../product-photos';
import { productoSchemaFor, productoUpdateSchemaFor } from './producto';
import { firstMessages } from './test-helpers';

const create = productoSchemaFor('USD');
const update = productoUpdateSchemaFor('USD');

const photo = (name: string, alt = '') => ({ url: `/uploads/productos/${name}.webp`, alt });
const base = {
  nombre: 'Camiseta de algodón',
  descripcion_producto: 'Camiseta de algodón peinado, corte recto.',
  valor: '199.90',
  stock: '12',
  id_categoria_producto: '1',
};

describe('a product with several photos', () => {
  it('keeps the photos in order with their trimmed alternative texts; imagen is the first', () => {
    const parsed = create.parse({ ...base, imagenes: [photo('b', '  Frente  '), photo('a')] });
    expect(parsed.imagenes).toEqual([photo('b', 'Frente'), photo('a')]);
    expect(parsed.imagen).toBe(photo('b').url);
  });

  it('needs imagen or at least one photo', () => {
    expect(firstMessages(create, base).imagen).toBe('Elige una imagen');
    expect(firstMessages(create, { ...base, imagenes: [] }).imagenes).toBe('Elige una imagen');
  });

  it('takes at most 10 photos, none twice', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => photo(`f${i}`));
    expect(firstMessages(create, { ...base, imagenes: eleven }).imagenes).toBe(
      'Máximo 10 fotos por producto',
    );
    expect(firstMessages(create, { ...base, imagenes: [photo('a'), photo('a')] }).imagenes).toBe(
      'La misma foto está dos veces',
    );
  });

  it("refuses a photo that is not one of the shop's product uploads, and a long or multi-line alt", () => {
    for (const url of [
      'https://example.com/a.webp',
      '/uploads/avatars/a.webp',
      '/uploads/productos/../a.webp',
    ]) {
      expect(firstMessages(create, { ...base, imagenes: [{ url, alt: '' }] })['imagenes.0.url'], url).toBe(
        'La imagen no es válida',
      );
    }
    expect(
      firstMessages(create, { ...base, imagenes: [photo('a', 'x'.repeat(201))] })['imagenes.0.alt'],
    ).toBe('Máximo 200 caracteres');
    expect(firstMessages(create, { ...base, imagenes: [photo('a', 'a\nb')] })['imagenes.0.alt']).toBe(
      'El texto contiene caracteres no permitidos.',
    );
  });

  it('lets a client that only knows imagen replace the first photo, keeping the others', () => {
    const parsed = update.parse({ imagen: photo('nueva').url, imagenes: [photo('a', 'A'), photo('b', 'B')] });
    expect(parsed.imagenes).toEqual([photo('nueva'), photo('b', 'B')]);
    expect(update.parse({ imagen: photo('nueva').url }).imagenes).toEqual([photo('nueva')]);
  });

  it('changes no photo when an edit sends neither imagen nor imagenes', () => {
    const parsed = update.parse({ stock: '3' });
    expect(parsed.imagenes).toBeUndefined();
    expect(parsed.imagen).toBeUndefined();
  });
});

describe('responsive sizes of a product photo', () => {
  it('names each size after the photo, and offers them all in srcset with the full photo last', () => {
    expect(photoSizeUrl('/uploads/productos/ab12.webp', 400)).toBe('/uploads/productos/ab12-400w.webp');
    expect(photoSrcSet('/uploads/productos/ab12.webp')).toBe(
      '/uploads/productos/ab12-400w.webp 400w, /uploads/productos/ab12-800w.webp 800w, /uploads/productos/ab12-1200w.webp 1200w, /uploads/productos/ab12.webp 1600w',
    );
  });

  it('offers no sizes for an image that is not a product photo', () => {
    expect(photoSrcSet('/uploads/categorias/1.webp')).toBeUndefined();
    expect(photoSrcSet('https://example.com/a.webp')).toBeUndefined();
  });
});
