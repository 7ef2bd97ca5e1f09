import type { Product } from '@vitrina/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEMPLATE } from '../../test/web-build';
import { productMeta, renderHead } from './seo';

const product = (nombre: string, descripcion_producto: string): Product => ({
  id_producto: 7,
  nombre,
  descripcion_producto,
  valor: 100,
  valor_descuento: 80,
  stock: 3,
  imagen: '/uploads/productos/7.webp',
  imagenes: [{ url: '/uploads/productos/7.webp', alt: '' }],
  estado: true,
  id_categoria_producto: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  calificacion_promedio: 4.5,
  calificaciones_total: 2,
  Categoria_producto: {
    id_categoria_producto: 1,
    nombre_categoria_producto: 'Hogar',
    imagen_categoria_producto: '',
  },
  opciones: [],
  variantes: [
    {
      id_variante: 7,
      sku: 'VT-7',
      valores: [],
      valor: 100,
      valor_descuento: 80,
      stock: 3,
      stock_minimo: null,
      imagen: '',
      estado: true,
    },
  ],
  precio_varia: false,
});

const productPage = (nombre: string, descripcion: string) =>
  renderHead(
    TEMPLATE,
    productMeta(product(nombre, descripcion), {
      shopName: 'Vitrina',
      publicUrl: 'https://tienda.example.com',
      currency: 'USD',
    }),
  );

/** What a browser reads from an attribute value or element text, for any way of writing a character. */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeHtml = (html: string) =>
  html.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos));/gi, (_, dec, hex, name) =>
    name
      ? (NAMED[name.toLowerCase()] as string)
      : String.fromCodePoint(Number.parseInt(dec ?? hex, dec ? 10 : 16)),
  );

const count = (html: string, tag: RegExp) => html.match(tag)?.length ?? 0;

/** Text as a shop admin may type it: the replacement patterns of String.replace, markup, quotes, emoji. */
const HOSTILE_PIECES = [
  "$'",
  '$`',
  '$&',
  '$$',
  '$1',
  '$<x>',
  '<',
  '>',
  '</title>',
  '<body>',
  '</script>',
  '<script>',
  '<!--',
  '"',
  "'",
  '&',
  '&amp;',
  '\\',
  '\u2028',
  'ñ',
  '😀',
  '👩‍👩‍👧',
];
const shopText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: 'binary' })), { maxLength: 30 })
  .map((pieces) => pieces.join(''));

describe('product page head', () => {
  it('keeps a product name with $-patterns as written: one title, one body, one JSON-LD (issue example)', () => {
    const name = "Oferta $' y $` y $& fin";
    const html = productPage(name, 'Descripción');
    expect(count(html, /<title>/g)).toBe(1);
    expect(count(html, /<body>/g)).toBe(1);
    expect(count(html, /<script/g)).toBe(2);
    expect(decodeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(`${name} | Vitrina`);
  });

  it('writes any name and description literally: the page keeps its structure and says exactly that', () => {
    fc.assert(
      fc.property(shopText, shopText, (name, description) => {
        const html = productPage(name, description);
        expect(count(html, /<title[\s>]/g)).toBe(1);
        expect(count(html, /<body[\s>]/g)).toBe(1);
        expect(count(html, /<head[\s>]/g)).toBe(1);
        // The template's entry script and the JSON-LD, nothing else.
        expect(count(html, /<script[\s>]/g)).toBe(2);
        expect(count(html, /<\/script>/g)).toBe(2);

        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
        expect(decodeHtml(title)).toBe(`${name} | Vitrina`);

        const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
        const data = JSON.parse(jsonLd ?? 'null');
        expect(data.name).toBe(name);
        expect(data.description).toBe(description);
      }),
      { numRuns: 300 },
    );
  });

  it('shortens a long description for link previews without breaking a character in two', () => {
    fc.assert(
      fc.property(shopText, fc.constantFrom('😀', '👩‍👩‍👧', 'ñ', 'a'), (start, repeated) => {
        const description = `${start}${repeated.repeat(200)}`;
        const html = productPage('Taza', description);
        const content = /<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? '';
        const shown = decodeHtml(content);
        // A lone UTF-16 surrogate is half a character; it is sent as "�".
        expect(shown).not.toMatch(/\p{Cs}/u);
        expect(shown.endsWith('…')).toBe(true);
        const collapsed = `-20%: ${description}`.replace(/\s+/g, ' ').trim();
        expect(collapsed.startsWith(shown.slice(0, -1))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
