// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { product as productFixture } from '../testing/fixtures';
import { ShopConfigProvider } from '../testing/shop-config-provider';
import { ProductCard, type ProductCardProps } from './product-card';

afterEach(cleanup);

const product = productFixture(7, {
  nombre: 'Licuadora de vaso de vidrio',
  valor: 129.9,
  valor_descuento: 99.9,
});

function renderCard(overrides: Partial<ProductCardProps['product']> = {}) {
  return render(
    <ShopConfigProvider>
      <MemoryRouter>
        <ProductCard product={{ ...product, ...overrides }} />
      </MemoryRouter>
    </ShopConfigProvider>,
  );
}

describe('ProductCard', () => {
  it("says 'Desde' before the price when the product's variants differ in price, and only then", () => {
    renderCard({ valor_descuento: null, precio_varia: true });
    expect(screen.getByText('Desde $129.90')).toBeTruthy();
    cleanup();
    renderCard({ valor_descuento: null, precio_varia: false });
    expect(screen.getByText('$129.90')).toBeTruthy();
    expect(screen.queryByText(/Desde/)).toBeNull();
  });

  it('is a link named by the product name that opens its detail page', () => {
    renderCard();
    const link = screen.getByRole('link', { name: 'Licuadora de vaso de vidrio' });
    expect(link.getAttribute('href')).toBe('/products/7');
  });

  it("offers the photo's smaller sizes at a card's width, half a phone's screen", () => {
    renderCard();
    const img = screen.getByRole('img', { name: 'Licuadora de vaso de vidrio' });
    expect(img.getAttribute('srcset')).toContain('/uploads/productos/7-800w.webp 800w');
    expect(img.getAttribute('sizes')).toBe('(max-width: 520px) 50vw, 300px');
  });

  it('shows the -N% badge (rounded down), the discounted price and the regular price struck through', () => {
    const { container } = renderCard();
    // floor(100 × (129.90 − 99.90) / 129.90) = 23
    expect(screen.getByText('-23%')).toBeTruthy();
    expect(container.querySelector('s')?.textContent).toContain('$129.90');
    expect(screen.getByText('$99.90')).toBeTruthy();
  });

  it('shows only the regular price and no badge without a discount', () => {
    const { container } = renderCard({ valor_descuento: null });
    expect(screen.queryByText(/%$/)).toBeNull();
    expect(container.querySelector('s')).toBeNull();
    expect(screen.getByText('$129.90')).toBeTruthy();
  });

  it('gives the image its size and loads it lazily unless asked to load it at once', () => {
    renderCard();
    const image = screen.getByRole('img', { name: 'Licuadora de vaso de vidrio' });
    expect(image.getAttribute('width')).toBe('480');
    expect(image.getAttribute('height')).toBe('480');
    expect(image.getAttribute('loading')).toBe('lazy');
  });
});
