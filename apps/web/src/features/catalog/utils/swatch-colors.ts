/*
 * The swatch of a colour option's value: the CSS colour its Spanish (or English) name means, when it is a
 * common one. A value not listed here ('Arena', 'Estampado') is shown as a labelled chip instead.
 */

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');

/** Option names that mean colour. */
const COLOR_OPTIONS = new Set(['color', 'colour', 'colores', 'colors']);

export const isColorOption = (nombre: string) => COLOR_OPTIONS.has(fold(nombre));

const COLORS: Record<string, string> = {
  rojo: '#d32f2f',
  red: '#d32f2f',
  azul: '#1e4fd8',
  blue: '#1e4fd8',
  'azul marino': '#1b2a4e',
  marino: '#1b2a4e',
  navy: '#1b2a4e',
  celeste: '#7cc4f2',
  'azul cielo': '#7cc4f2',
  turquesa: '#1abc9c',
  verde: '#2e7d32',
  green: '#2e7d32',
  'verde oliva': '#6b7a2a',
  oliva: '#6b7a2a',
  'verde menta': '#98e2c6',
  menta: '#98e2c6',
  amarillo: '#f5c518',
  yellow: '#f5c518',
  mostaza: '#d4a017',
  naranja: '#f57c00',
  anaranjado: '#f57c00',
  orange: '#f57c00',
  negro: '#111111',
  black: '#111111',
  blanco: '#ffffff',
  white: '#ffffff',
  gris: '#8a8a8a',
  gray: '#8a8a8a',
  grey: '#8a8a8a',
  'gris oscuro': '#4a4a4a',
  'gris claro': '#c8c8c8',
  rosa: '#f48fb1',
  rosado: '#f48fb1',
  pink: '#f48fb1',
  fucsia: '#d81b84',
  morado: '#6a1b9a',
  purpura: '#6a1b9a',
  purple: '#6a1b9a',
  violeta: '#8e44ad',
  lila: '#c8a2c8',
  marron: '#6d4c41',
  cafe: '#6d4c41',
  brown: '#6d4c41',
  chocolate: '#4e342e',
  beige: '#e8d8b9',
  crema: '#f6eedc',
  hueso: '#f2ecdf',
  camel: '#c19a6b',
  caqui: '#b8a36a',
  khaki: '#b8a36a',
  vino: '#7b1e3a',
  burdeos: '#7b1e3a',
  bordo: '#7b1e3a',
  coral: '#ff7f50',
  salmon: '#fa8072',
  dorado: '#d4af37',
  oro: '#d4af37',
  gold: '#d4af37',
  plateado: '#c0c0c0',
  plata: '#c0c0c0',
  silver: '#c0c0c0',
};

/** The CSS colour a value names, or undefined when the name is not a known colour. */
export const swatchColor = (value: string): string | undefined => COLORS[fold(value)];
