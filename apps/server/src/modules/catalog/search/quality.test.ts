import type { NoResults, ProductPage, Suggestions } from '@vitrina/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededTestApp, type TestApp } from '../../../test/app';
import { TEST_DATABASE_KINDS } from '../../../test/databases';

/*
 * What shoppers type, against the demo catalog as the shop seeds it (issue 40): each query must list its
 * product on the first page the shop shows (its default page size), and a query for something the shop
 * does not sell must list nothing at all. Precision first: a loose match is worse than none.
 */

describe.each(TEST_DATABASE_KINDS)('search quality on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await seededTestApp(kind);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The names on the first page of the listing for `query`. */
  const firstPage = async (query: string) =>
    (await get<ProductPage>(`/api/products?name=${encodeURIComponent(query)}`)).items.map((p) => p.nombre);
  const noResults = (query: string) =>
    get<NoResults>(`/api/products/sin-resultados?name=${encodeURIComponent(query)}`);
  const suggested = async (q: string) =>
    (await get<Suggestions>(`/api/products/sugerencias?q=${encodeURIComponent(q)}`)).productos.map(
      (p) => p.nombre,
    );

  /** Every query finds its product (a part of its name) on the first page; the failures are listed. */
  async function expectFirstPage(cases: Array<[string, string]>) {
    const missed: string[] = [];
    for (const [query, product] of cases) {
      const names = await firstPage(query);
      if (!names.some((n) => n.includes(product))) missed.push(`${query} → ${names.join(' | ') || '(nada)'}`);
    }
    expect(missed).toEqual([]);
  }

  describe('precision', () => {
    it('lists nothing for what the shop does not sell, however close its words are to the catalog', async () => {
      const notSold = [
        // Words one or two letters from catalog words: 'chaquetas', 'alfiler', 'paisaje', 'litros'.
        'croquetas para perro',
        'alquiler de departamento',
        'pasaje de bus',
        'curso de inglés',
        // Words the catalog has only inside longer words, or numbers it has with other meanings.
        'seguro de auto',
        'iphone 15 pro max',
        'hipoteca a 30 años',
        'playstation 5',
        'tablet samsung',
        // Things no product is.
        'comida para gatos',
        'cerveza artesanal',
        'vino tinto',
        'neumáticos para camioneta',
        'entradas para concierto',
        'clases de guitarra',
        'medicamentos para la gripe',
        'boletos de avión',
        'pañales para bebé',
        'zapatos de tacón',
        'celular',
        'comida',
        'televisor',
      ];
      const found: string[] = [];
      for (const query of notSold) {
        const names = await firstPage(query);
        if (names.length > 0) found.push(`${query} → ${names.join(' | ')}`);
      }
      expect(found).toEqual([]);
    });

    it('reads a word the catalog has as that word, never as a neighbour one typo away', async () => {
      // 'libros' is in the bookshelf's description; the microwave's 'litros' is one letter away.
      const libros = await firstPage('libros');
      expect(libros[0]).toBe('Estantería de cinco baldas');
      expect(libros).not.toContain('Horno microondas de 25 litros');
      // Socks are 'medias' in much of Latin America; the jeans' 'tiro medio' is another word.
      expect(await firstPage('calcetines')).not.toContain('Jeans de corte recto');
      expect(await firstPage('medias')).not.toContain('Jeans de corte recto');
    });

    it('never expands a short word or a number into longer ones', async () => {
      // 'pro' is not 'profesional', 'auto' not 'autonivelante', '15' not '15 m' of another thing.
      expect(await firstPage('pro')).toEqual([]);
      expect(await firstPage('15 pro')).toEqual([]);
      expect(await firstPage('auto')).not.toContain('Nivel láser autonivelante');
      // 'algo' is no beginning of 'algodón'.
      expect(await firstPage('algo para el jardín')).not.toContain('Camiseta básica de algodón');
    });

    it('keeps an English word out of the Spanish word it resembles', async () => {
      const rope = await firstPage('jump rope');
      expect(rope[0]).toBe('Cuerda para saltar con rodamientos');
      expect(rope.filter((n) => /camiseta|jeans|sudadera/i.test(n))).toEqual([]);
      const cap = await firstPage('baseball cap');
      expect(cap[0]).toBe('Gorra de béisbol ajustable');
      expect(cap).not.toContain('Sudadera con capucha unisex');
    });

    it('answers a query whose only product is sold out with nothing and a line saying so', async () => {
      for (const query of ['sierra circular', 'sierra circular 1200 w']) {
        expect(await firstPage(query)).toEqual([]);
        expect((await noResults(query)).agotados).toEqual(['Sierra circular de 1200 W']);
      }
      expect((await noResults('croquetas para perro')).agotados).toEqual([]);
    });

    it("offers '¿Quisiste decir…?' only for a plausible correction", async () => {
      expect((await noResults('camsta')).correccion).toMatch(/^camis/);
      expect((await noResults('martxllo')).correccion).toBe('martillo');
      // Real words of other things, and nonsense, are not corrected into the catalog.
      for (const query of ['croquetas', 'alquiler', 'hipoteca', 'zzqxw', 'algo']) {
        expect((await noResults(query)).correccion, query).toBeNull();
      }
    });

    it('lets filler words drive nothing, unless they are the whole query', async () => {
      const plain = await firstPage('taladro');
      expect(await firstPage('quiero algo para hacer un taladro')).toEqual(plain);
      expect(await firstPage('busco un buen taladro')).toEqual(plain);
    });
  });

  it('corrects the typos shoppers make on a phone', async () => {
    await expectFirstPage([
      ['camseta', 'Camiseta básica'],
      ['camisetaa', 'Camiseta básica'],
      ['sudadrea', 'Sudadera'],
      ['refigerador', 'Refrigerador'],
      ['lavadra', 'Lavadora'],
      ['aspiradorra', 'Aspiradora'],
      ['tostadro', 'Tostadora'],
      ['teclaod', 'Teclado'],
      ['monitr', 'Monitor'],
      ['impresroa', 'Impresora'],
      ['chanpu', 'Champú'],
      ['mermelda', 'Mermelada'],
      ['rompecabesas', 'Rompecabezas'],
      ['xilofono', 'Xilófono'],
      ['escritoro', 'Escritorio'],
      ['mangera', 'Manguera'],
      ['bicicelta', 'Bicicleta'],
      ['martiyo', 'Martillo'],
      ['vamiseta', 'Camiseta básica'],
      ['licuadra de vidrio', 'Licuadora'],
      ['taldro inalanbrico', 'Taladro'],
    ]);
  });

  it('finds the product from its English or Spanglish name', async () => {
    await expectFirstPage([
      ['fridge', 'Refrigerador'],
      ['toaster', 'Tostadora'],
      ['microwave', 'Horno microondas'],
      ['coffee maker', 'Cafetera'],
      ['blender', 'Licuadora'],
      ['vacuum cleaner', 'Aspiradora'],
      ['washing machine', 'Lavadora'],
      ['socks', 'calcetines'],
      ['t-shirt', 'Camiseta básica'],
      ['t shirt', 'Camiseta básica'],
      ['hoodie', 'Sudadera'],
      ['rain jacket', 'Chaqueta impermeable'],
      ['sneakers', 'Zapatillas'],
      ['baseball cap', 'Gorra'],
      ['sunscreen', 'Protector solar'],
      ['lipstick', 'Labial'],
      ['shampoo', 'Champú'],
      ['couch', 'Sofá'],
      ['bookshelf', 'Estantería'],
      ['office chair', 'Silla de oficina'],
      ['dumbbells', 'Mancuernas'],
      ['yoga mat', 'Esterilla'],
      ['boxing gloves', 'Guantes de boxeo'],
      ['bike helmet', 'Casco'],
      ['jump rope', 'Cuerda para saltar'],
      ['teddy bear', 'Oso de peluche'],
      ['puzzle', 'Rompecabezas'],
      ['flash drive', 'Memoria USB'],
      ['wireless mouse', 'Ratón inalámbrico'],
      ['keyboard', 'Teclado'],
      ['necklace', 'Collar'],
      ['earrings', 'Pendientes'],
      ['watch', 'Reloj'],
      ['drill', 'Taladro'],
      ['tape measure', 'Cinta métrica'],
      ['hammer', 'Martillo'],
      ['ladder', 'Escalera'],
      ['watering can', 'Regadera'],
      ['lawn mower', 'Cortacésped'],
      ['olive oil', 'Aceite de oliva'],
      ['honey', 'Miel'],
      ['red dress', 'Vestido'],
    ]);
  });

  it('finds the product from what it is for', async () => {
    await expectFirstPage([
      ['algo para regar las plantas', 'Regadera'],
      ['para regar el jardín', 'Manguera'],
      ['para medir', 'Cinta métrica'],
      ['medir paredes', 'Nivel láser'],
      ['calentar comida', 'Horno microondas'],
      ['calentar la comida', 'Horno microondas'],
      ['hacer agujeros en la pared', 'Taladro'],
      ['limpiar alfombras', 'Aspiradora'],
      ['proteger la cabeza en bici', 'Casco'],
      ['hacer ejercicio en casa', 'Mancuernas'],
      ['para saltar', 'Cuerda para saltar'],
      ['algo para planchar camisas', 'Plancha'],
      ['hacer batidos', 'Licuadora'],
      ['tostar pan', 'Tostadora'],
      ['para la lluvia', 'Chaqueta impermeable'],
      ['clavar clavos', 'Martillo'],
      ['para podar', 'Tijeras de podar'],
      ['cortar el pasto', 'Cortacésped'],
      ['sembrar hierbas', 'Semillas'],
      ['maquillarse los ojos', 'Máscara de pestañas'],
      ['para el sol en la playa', 'Protector solar'],
      ['ver películas', 'Monitor'],
      ['imprimir fotos', 'Impresora'],
      ['sentarse a trabajar', 'Silla de oficina'],
      ['guardar zapatos', 'Zapatero'],
      ['regalo para mi novia', 'Collar'],
      ['pedir matrimonio', 'Anillo de compromiso'],
      ['alcanzar el techo', 'Escalera'],
    ]);
  });

  it('reads words typed together or apart as the catalog writes them', async () => {
    await expectFirstPage([
      ['freidoradeaire', 'Freidora de aire'],
      ['cintametrica', 'Cinta métrica'],
      ['ositodepeluche', 'Oso de peluche'],
      ['airfryer', 'Freidora de aire'],
      ['micro ondas', 'Horno microondas'],
      ['cafe tera', 'Cafetera'],
      ['t-shirt', 'Camiseta básica'],
      ['wi-fi', 'Router wifi'],
    ]);
  });

  it('suggests the product a synonym, an English or a regional word leads to while it is typed', async () => {
    const cases: Array<[string, string]> = [
      ['pendr', 'Memoria USB'],
      ['hood', 'Sudadera'],
      ['tejan', 'Jeans'],
      ['poler', 'Camiseta básica'],
      ['fridg', 'Refrigerador'],
      ['toast', 'Tostadora'],
      ['dumbb', 'Mancuernas'],
      ['helad', 'Refrigerador'],
      ['chamar', 'Chaqueta'],
      ['desarma', 'destornilladores'],
      ['licua', 'Licuadora'],
    ];
    const missed: string[] = [];
    for (const [q, product] of cases) {
      const names = await suggested(q);
      if (!names.some((n) => n.includes(product))) missed.push(`${q} → ${names.join(' | ') || '(nada)'}`);
    }
    expect(missed).toEqual([]);
    // A prefix of nothing the shop sells suggests nothing.
    expect(await suggested('iphon')).toEqual([]);
  });
});
