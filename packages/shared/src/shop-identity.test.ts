import { describe, expect, it } from 'vitest';
import { shopPagePath } from './pages';
import { whatsappLink } from './shop-identity';
import { tiendaInputSchema } from './shop-identity-schemas';
import { pageSlugSchema, slugFromTitle } from './shop-pages';

const valid = { nombre: ' Casa Lola ', colores: { primario: '#1E3A8A', acento: '#b4410f' } };
const messages = (input: unknown) => {
  const parsed = tiendaInputSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('tiendaInputSchema', () => {
  it('fills what was left out and keeps the WhatsApp number as its digits', () => {
    const parsed = tiendaInputSchema.parse({ ...valid, whatsapp: '+54 9 11 2345-6789' });
    expect(parsed).toEqual({
      nombre: 'Casa Lola',
      logo: null,
      favicon: null,
      colores: { primario: '#1e3a8a', acento: '#b4410f' },
      contacto: { email: '', telefono: '', direccion: '' },
      redes: { instagram: '', facebook: '', tiktok: '', x: '', youtube: '' },
      whatsapp: '5491123456789',
    });
  });

  it('says in Spanish what is wrong with each field', () => {
    expect(
      messages({
        nombre: '  ',
        logo: 'https://otro.sitio/logo.png',
        colores: { primario: 'azul', acento: '#b4410f' },
        contacto: { email: 'no-es-correo', telefono: 'llámame' },
        redes: { instagram: 'javascript:alert(1)' },
        whatsapp: '12 34',
      }),
    ).toEqual({
      nombre: 'Escribe el nombre de la tienda',
      logo: 'La imagen no es válida',
      'colores.primario': 'El color primario debe escribirse como #rrggbb',
      'contacto.email': 'El correo de contacto no es un correo válido',
      'contacto.telefono': 'El teléfono solo lleva números, espacios, guiones y un + al comienzo',
      'redes.instagram': 'El enlace de Instagram debe ser una dirección que empiece con https://',
      whatsapp: 'El número de WhatsApp lleva el código del país y tiene de 8 a 15 dígitos',
    });
  });

  it('refuses colours whose text fails WCAG AA, on the colour that fails', () => {
    expect(messages({ ...valid, colores: { primario: '#1e3a8a', acento: '#fbbf24' } })).toEqual({
      'colores.acento': expect.stringContaining('el mínimo es 4,5:1 (WCAG AA)'),
    });
  });
});

describe('whatsappLink', () => {
  it("opens a chat with the shop, the product's name written in", () => {
    expect(whatsappLink('5491123456789', 'Silla Nórdica & Co')).toBe(
      'https://wa.me/5491123456789?text=Silla%20N%C3%B3rdica%20%26%20Co',
    );
  });
});

describe('page slugs', () => {
  it('are lower-case words joined by hyphens', () => {
    expect(pageSlugSchema.safeParse('envios-y-devoluciones').success).toBe(true);
    for (const bad of ['Envios', 'envíos', '-a', 'a--b', 'a/b', '..', 'x']) {
      expect(pageSlugSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('are proposed from a title', () => {
    expect(slugFromTitle('  Envíos y devoluciones! ')).toBe('envios-y-devoluciones');
  });

  it('lead to the address the storefront shows the page at', () => {
    expect(shopPagePath('terminos')).toBe('/terminos');
    expect(shopPagePath('acerca')).toBe('/about');
    expect(shopPagePath('envios')).toBe('/paginas/envios');
  });
});
