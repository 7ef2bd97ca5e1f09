/** The shop's eleven categories (SPEC §2, drawer), with the ids the seed gives them. */
export const CATEGORIES = [
  { id: 1, nombre: 'Indumentaria' },
  { id: 2, nombre: 'Electrodomesticos' },
  { id: 3, nombre: 'Informatica' },
  { id: 4, nombre: 'Cosmética' },
  { id: 5, nombre: 'Alimentos' },
  { id: 6, nombre: 'Juguetes' },
  { id: 7, nombre: 'Muebles' },
  { id: 8, nombre: 'Jardinería' },
  { id: 9, nombre: 'Deportes' },
  { id: 10, nombre: 'Joyería' },
  { id: 11, nombre: 'Herramientas' },
] as const;
