// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { product } from '../../../testing/fixtures';
import { ProductGallery } from './product-gallery';

afterEach(cleanup);

const shirt = product(5, {
  nombre: 'Camiseta de lino',
  imagen: '/uploads/productos/frente.webp',
  imagenes: [
    { url: '/uploads/productos/frente.webp', alt: 'Camiseta de lino azul, de frente' },
    { url: '/uploads/productos/espalda.webp', alt: '' },
  ],
});

describe('ProductGallery', () => {
  it("shows every photo with its own alternative text, or the product's name when it has none", () => {
    render(<ProductGallery product={shirt} />);
    const strip = screen.getByRole('list', { name: 'Fotos de Camiseta de lino' });
    const images = within(strip).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'Camiseta de lino azul, de frente',
      'Camiseta de lino',
    ]);
  });

  it('offers each photo in its smaller sizes, sized to the page so a phone takes a small one', () => {
    render(<ProductGallery product={shirt} />);
    const first = screen.getByRole('img', { name: 'Camiseta de lino azul, de frente' });
    expect(first.getAttribute('srcset')).toContain('/uploads/productos/frente-400w.webp 400w');
    expect(first.getAttribute('sizes')).toBe('(max-width: 760px) 100vw, 520px');
    // Only the first photo is urgent; the others wait until they are swiped to.
    expect(screen.getByRole('img', { name: 'Camiseta de lino' }).getAttribute('loading')).toBe('lazy');
  });

  it('picks a photo with its thumbnail', () => {
    render(<ProductGallery product={shirt} />);
    const second = screen.getByRole('button', { name: 'Ver foto 2 de 2' });
    expect(second.getAttribute('aria-current')).toBeNull();
    fireEvent.click(second);
    expect(second.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Ver foto 1 de 2' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens a photo larger in a dialog, moves with the arrow keys and gives focus back when closed', () => {
    render(<ProductGallery product={shirt} />);
    const opener = screen.getByRole('button', { name: 'Ampliar foto 1 de 2' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Foto 1 de 2 de Camiseta de lino' });
    expect(within(dialog).getByRole('img').getAttribute('sizes')).toBe('100vw');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cerrar' }));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Foto 2 de 2 de Camiseta de lino' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Foto 1 de 2 de Camiseta de lino' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('shows a single photo alone, without thumbnails', () => {
    render(<ProductGallery product={product(6, { nombre: 'Taza' })} />);
    expect(screen.queryByRole('list', { name: 'Elegir foto' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ampliar foto' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Taza' })).toBeTruthy();
  });
});
