// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  PLACEHOLDER_ADDRESS,
  PLACEHOLDER_PHONE,
  productRatingsSchema,
  type SessionUser,
} from '@vitrina/shared';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { answerSession, createFetchStub } from '../testing/fetch-stub';
import {
  apiError,
  category,
  fixture,
  order,
  pagina,
  product,
  productPage,
  rating,
  sessionUser,
  tienda,
} from '../testing/fixtures';
import { renderApp, setUpAppTests } from '../testing/render-app';
import { routes } from './router';

const categories = [category(1), category(2), category(3)];

/** Product 1's one opinion, 4 stars, and its 4.4 average. */
const ratings = fixture(productRatingsSchema, {
  items: [rating({ valor_calificacion: 4 })],
  promedio: 4.4,
  total: 1,
});

const api = createFetchStub({
  routes: {
    'GET /api/usuario/me': answerSession(null),
    'GET /api/categorias': () => Response.json(categories),
    'GET /api/products/filter/descuento/true': () => Response.json(productPage([product(1), product(2)])),
    'GET /api/products': (url) => {
      if (url.searchParams.get('name') === 'nada') return Response.json(productPage([]));
      const current = Number(url.searchParams.get('page') ?? '1');
      return Response.json(
        productPage([product(1), product(2, { valor_descuento: null })], { total: 20, page: current }),
      );
    },
    'GET /api/products/1': () => Response.json(product(1)),
    'GET /api/products/1/calificaciones': () => Response.json(ratings),
    'GET /api/products/2/calificaciones': () =>
      Response.json(fixture(productRatingsSchema, { items: [], promedio: null, total: 0 })),
    'GET /api/products/2': () => Response.json(product(2, { stock: 1 })),
    'GET /api/ajustes/tienda': () => Response.json(tienda()),
    // SPEC's notice for visitors is the shop's with guest checkout switched off (decision 085).
    'GET /api/ajustes/invitados': () => Response.json({ compra_invitado: false }),
    'GET /api/paginas': () =>
      Response.json([
        { slug: 'acerca', titulo: 'Acerca de Vitrina', fija: true },
        { slug: 'terminos', titulo: 'Términos de uso', fija: true },
        { slug: 'privacidad', titulo: 'Aviso de privacidad', fija: true },
      ]),
    'GET /api/paginas/terminos': () => Response.json(pagina()),
    'GET /api/paginas/privacidad': () =>
      Response.json(
        pagina({
          slug: 'privacidad',
          titulo: 'Aviso de privacidad',
          html: '<p><em>Última actualización: noviembre de 2026</em></p>\n<h2>Tus derechos</h2>\n<p>Puedes pedirnos tus datos.</p>\n',
        }),
      ),
    'GET /api/paginas/acerca': () =>
      Response.json(
        pagina({
          slug: 'acerca',
          titulo: 'Acerca de Vitrina',
          html:
            '<p>Una tienda para todos.</p>\n<h2>Nuestro equipo</h2>\n<ul>\n' +
            '<li><strong>Valentina Ríos</strong>, desarrollador web: <a href="https://www.linkedin.com/in/valentina-rios-dev">ver perfil</a></li>\n' +
            '<li><strong>Mateo Hernández</strong>, desarrollador web: <a href="https://www.linkedin.com/in/mateo-hernandez-dev">ver perfil</a></li>\n</ul>\n',
        }),
      ),
  },
  otherwise: () =>
    Response.json(apiError('Not Found', 'El producto no existe o no está disponible.'), { status: 404 }),
});
setUpAppTests(api);

/** GET /api/usuario/me answers `user` (null without a session, the default). */
const signIn = (user: SessionUser) => api.on('GET /api/usuario/me', answerSession(user));

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
      }) as unknown as MediaQueryList,
  );
  window.scrollTo = () => {};
});

/** The app's own routes, root layout (and its toaster) included. */
const renderAt = (path: string) => renderApp(routes, { path, toaster: false });

const requested = (path: string) => api.calls(path).map((call) => call.url);

describe('storefront routes', () => {
  it('home shows the banner headline, the offers carousel and the categories', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    const carousel = await screen.findByRole('region', { name: 'Ofertas destacadas' });
    expect(within(carousel).getByRole('link', { name: 'Producto 1' })).toBeTruthy();
    expect(within(carousel).getAllByText('-20%').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Oferta siguiente' })).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Explora por categoría' });
    const category = within(section).getByRole('link', { name: 'Indumentaria' });
    expect(category.getAttribute('href')).toBe('/products/categoria/1');
    expect(document.title).toBe('Vitrina');
  });

  it('the offers carousel shows every discounted product, past the first page, its later images lazily', async () => {
    const offers = Array.from({ length: 41 }, (_, index) => product(index + 1));
    api.on('GET /api/products/filter/descuento/true', (url) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      const pageSize = Number(url.searchParams.get('pageSize') ?? '8');
      const items = offers.slice((page - 1) * pageSize, page * pageSize);
      return Response.json(productPage(items, { total: offers.length, page, pageSize }));
    });
    renderAt('/');
    const carousel = await screen.findByRole('region', { name: 'Ofertas destacadas' });
    expect(within(carousel).getAllByRole('group')).toHaveLength(41);
    expect(within(carousel).getByRole('link', { name: 'Producto 41' })).toBeTruthy();
    const images = within(carousel).getAllByRole('img') as HTMLImageElement[];
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images.at(-1)?.getAttribute('loading')).toBe('lazy');
  });

  it('offers that fail to load say so kindly, and Reintentar brings them', async () => {
    let failing = true;
    api.on('GET /api/products/filter/descuento/true', () =>
      failing
        ? Response.json(apiError('Internal Server Error', 'connection terminated unexpectedly'), {
            status: 500,
          })
        : Response.json(productPage([product(1)])),
    );
    // The query retries a server error twice (after 1 s, then 2 s) before it gives up: the same retries
    // here, without the waits.
    const defaults = queryClient.getDefaultOptions();
    queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 10 } });
    onTestFinished(() => queryClient.setDefaultOptions(defaults));
    renderAt('/');
    const alert = await screen.findByText('No pudimos cargar las ofertas');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Inténtalo de nuevo');
    expect(screen.queryByText(/connection terminated/)).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    const carousel = await screen.findByRole('region', { name: 'Ofertas destacadas' });
    expect(within(carousel).getByRole('link', { name: 'Producto 1' })).toBeTruthy();
    expect(screen.queryByText('No pudimos cargar las ofertas')).toBeNull();
  });

  it('a listing that fails to load keeps its heading, says so kindly and retries', async () => {
    let failing = true;
    api.on('GET /api/products', () =>
      failing
        ? Response.json(apiError('Bad Request', 'querystring/page must be <= 100000'), { status: 400 })
        : Response.json(productPage([product(1)])),
    );
    renderAt('/products/todos');
    expect(await screen.findByText('No pudimos cargar los productos')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Todos los productos' })).toBeTruthy();
    expect(screen.queryByText(/querystring/)).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Producto 1' })).toBeTruthy();
  });

  it('a product page that fails to load has a heading that says so and retries', async () => {
    let failing = true;
    api.on('GET /api/products/1', () =>
      failing
        ? Response.json(apiError('Too Many Requests', 'Rate limit exceeded, retry in 1 minute'), {
            status: 429,
          })
        : Response.json(product(1)),
    );
    renderAt('/products/1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No pudimos cargar el producto' }),
    ).toBeTruthy();
    expect(
      screen.getByText('Hubo demasiadas solicitudes seguidas. Espera un momento e inténtalo de nuevo.'),
    ).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Producto 1' })).toBeTruthy();
  });

  it('a category listing reads its page from the URL and the pager moves to the next one', async () => {
    const router = renderAt('/products/categoria/1?orden=precio_asc&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Indumentaria' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Página 2' })).getAttribute('aria-current')).toBe('page');
    const first = requested('/api/products')[0];
    expect(first?.searchParams.get('categoria')).toBe('1');
    expect(first?.searchParams.get('orden')).toBe('precio_asc');
    expect(first?.searchParams.get('pageSize')).toBe('8');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Página siguiente' })));
    expect(router.location.search).toBe('?orden=precio_asc&page=3');
  });

  it('changing a filter keeps the others and goes back to page 1', async () => {
    const router = renderAt('/products/todos?orden=precio_asc&page=2');
    await screen.findByRole('heading', { level: 1, name: 'Todos los productos' });
    await act(async () =>
      fireEvent.click(screen.getByRole('switch', { name: 'Solo productos con descuento' })),
    );
    expect(router.location.search).toBe('?descuento=true&orden=precio_asc');
  });

  it('search results with no products say so', async () => {
    renderAt('/products/todos?name=nada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados para "nada"' })).toBeTruthy();
    expect(await screen.findByText('No hay coincidencias')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).toBeNull();
  });

  it('the product page shows stock, prices, opinions and asks visitors to log in to buy', async () => {
    renderAt('/products/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Producto 1' })).toBeTruthy();
    expect(screen.getByText('Disponible')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a Indumentaria' }).getAttribute('href')).toBe(
      '/products/categoria/1',
    );
    // The 4.4 average and the single 4-star opinion both read as four stars.
    expect(await screen.findAllByRole('img', { name: '4 de 5 estrellas' })).toHaveLength(2);
    // The day the server says the opinion was written in the shop's time zone.
    expect(screen.getByText('8 de octubre de 2026').getAttribute('datetime')).toBe('2026-10-08');
    expect(document.title).toBe('Producto 1 | Vitrina');

    const quantity = screen.getByRole('spinbutton', { name: 'Cantidad' }) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    expect((screen.getByRole('button', { name: 'Disminuir cantidad' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Aumentar cantidad' }));
    expect(quantity.value).toBe('2');

    fireEvent.click(screen.getByRole('button', { name: 'Comprar' }));
    expect(await screen.findByText('Debe de iniciar sesion para comprar')).toBeTruthy();
  });

  it('lets a visitor buy without an account while the shop allows it: Comprar opens the cart', async () => {
    api.on('GET /api/ajustes/invitados', () => Response.json({ compra_invitado: true }));
    renderAt('/products/1');
    await screen.findByRole('heading', { level: 1, name: 'Producto 1' });
    const buy = screen.getByRole('button', { name: 'Comprar' }) as HTMLButtonElement;
    await waitFor(() => expect(buy.disabled).toBe(false));
    fireEvent.click(buy);
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrito' })).toBeTruthy();
    expect(screen.queryByText('Debe de iniciar sesion para comprar')).toBeNull();
    expect(screen.getByRole('link', { name: 'Carrito, 1 producto' })).toBeTruthy();
    // Who buys comes before the address.
    expect(await screen.findByRole('group', { name: 'Compra sin cuenta' })).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
  });

  it("the product page offers '¿Dudas? Escríbenos' on WhatsApp, with the product's name, only when the shop has a number", async () => {
    renderAt('/products/1');
    await screen.findByRole('heading', { level: 1, name: 'Producto 1' });
    expect(screen.queryByRole('link', { name: /^¿Dudas\? Escríbenos/ })).toBeNull();
    cleanup();
    queryClient.clear();
    api.on('GET /api/ajustes/tienda', () => Response.json(tienda({ whatsapp: '5491123456789' })));
    renderAt('/products/1');
    const link = await screen.findByRole('link', { name: /^¿Dudas\? Escríbenos/ });
    expect(link.getAttribute('href')).toBe('https://wa.me/5491123456789?text=Producto%201');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('a product with one unit left says so, can still be bought, and without opinions says so', async () => {
    renderAt('/products/2');
    expect(await screen.findByText('Última unidad')).toBeTruthy();
    expect(screen.queryByText('No hay Existencias')).toBeNull();
    expect(screen.getByRole('button', { name: 'Comprar' })).toBeTruthy();
    expect(await screen.findByText('Este producto no tiene opiniones aun')).toBeTruthy();
  });

  it('a product with no units left reads as out of stock', async () => {
    api.on('GET /api/products/2', () => Response.json(product(2, { stock: 0 })));
    renderAt('/products/2');
    expect(await screen.findByText('No hay Existencias')).toBeTruthy();
    expect(screen.queryByText('Última unidad')).toBeNull();
  });

  it('an unknown product shows a friendly not-found page', async () => {
    renderAt('/products/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Producto no encontrado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it('an unknown route lands on the error page inside the layout', async () => {
    renderAt('/no-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('the terms and the privacy notice are pages with the title and sections the owner wrote', async () => {
    for (const [path, title, section] of [
      ['/terminos', 'Términos de uso', 'Tu cuenta'],
      ['/privacidad', 'Aviso de privacidad', 'Tus derechos'],
    ] as const) {
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
      // The title is set in an effect after the page renders: on a busy machine a moment later.
      await waitFor(() => expect(document.title).toBe(`${title} | Vitrina`));
      cleanup();
    }
  });

  it("a page of the owner's own is at /paginas/:slug, and a missing one says so", async () => {
    api.on('GET /api/paginas/envios', () =>
      Response.json(pagina({ slug: 'envios', titulo: 'Envíos', html: '<p>En 24 horas.</p>', fija: false })),
    );
    renderAt('/paginas/envios');
    expect(await screen.findByRole('heading', { level: 1, name: 'Envíos' })).toBeTruthy();
    expect(screen.getByText('En 24 horas.')).toBeTruthy();
    cleanup();
    renderAt('/paginas/no-existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
  });

  it("the header and footer show the shop's saved name, logo, contact, social links and pages", async () => {
    api.on('GET /api/ajustes/tienda', () =>
      Response.json(
        tienda({
          nombre: 'Casa Lola',
          logo: '/uploads/productos/logo.webp',
          contacto: { email: 'hola@casalola.mx', telefono: '+52 55 1234 5678', direccion: 'Calle Roble 12' },
          redes: {
            instagram: 'https://instagram.com/casalola',
            facebook: '',
            tiktok: '',
            x: '',
            youtube: '',
          },
        }),
      ),
    );
    api.on('GET /api/paginas', () =>
      Response.json([
        { slug: 'acerca', titulo: 'Acerca de Casa Lola', fija: true },
        { slug: 'terminos', titulo: 'Términos de uso', fija: true },
        { slug: 'privacidad', titulo: 'Aviso de privacidad', fija: true },
        { slug: 'envios', titulo: 'Envíos', fija: false },
      ]),
    );
    renderAt('/terminos');
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Casa Lola' })).toBeTruthy();
    expect(banner.querySelector('img')?.getAttribute('src')).toBe('/uploads/productos/logo.webp');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'hola@casalola.mx' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '+52 55 1234 5678' }).getAttribute('href')).toBe(
      'tel:+525512345678',
    );
    expect(within(footer).getByText('Calle Roble 12')).toBeTruthy();
    expect(
      within(footer)
        .getByRole('link', { name: /^Instagram/ })
        .getAttribute('href'),
    ).toBe('https://instagram.com/casalola');
    expect(within(footer).getByRole('link', { name: 'Envíos' }).getAttribute('href')).toBe('/paginas/envios');
    expect(within(footer).getByRole('link', { name: 'Acerca de Casa Lola' }).getAttribute('href')).toBe(
      '/about',
    );
    expect(within(footer).getByText(/Casa Lola\. Todos los derechos reservados\.$/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Términos de uso | Casa Lola'));
  });

  it('login, registration and the footer link the terms and the privacy notice', async () => {
    for (const path of ['/login', '/register']) {
      renderAt(path);
      const main = await screen.findByRole('main');
      await within(main).findByRole('heading', { level: 1 });
      expect(within(main).getByRole('link', { name: 'Términos de uso' }).getAttribute('href')).toBe(
        '/terminos',
      );
      expect(within(main).getByRole('link', { name: 'Aviso de privacidad' }).getAttribute('href')).toBe(
        '/privacidad',
      );
      const footer = screen.getByRole('navigation', { name: 'Pie de página' });
      expect(within(footer).getByRole('link', { name: 'Términos de uso' }).getAttribute('href')).toBe(
        '/terminos',
      );
      expect(within(footer).getByRole('link', { name: 'Aviso de privacidad' }).getAttribute('href')).toBe(
        '/privacidad',
      );
      cleanup();
    }
  });

  it('the about page shows the text the owner wrote, its links included', async () => {
    renderAt('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acerca de Vitrina' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Nuestro equipo' })).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'ver perfil' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.linkedin.com/in/valentina-rios-dev',
      'https://www.linkedin.com/in/mateo-hernandez-dev',
    ]);
  });

  it('the search box sends the words to the listing as the name filter', async () => {
    const router = renderAt('/about');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(screen.getByRole('combobox', { name: 'Buscar productos' }), {
      target: { value: 'licuadora' },
    });
    await act(async () => fireEvent.submit(screen.getByRole('search')));
    // The listing's route code downloads first (alongside the suggestions' code the typing asked for).
    await waitFor(() => expect(router.location.pathname).toBe('/products/todos'));
    expect(router.location.search).toBe('?name=licuadora');
  });
});

describe('account and admin routes', () => {
  it('admin pages show the fallback text to anyone but an admin', async () => {
    renderAt('/adminHome');
    expect(
      await screen.findByText(
        'Esta sección es solo para administradores. Inicia sesión con una cuenta de administrador.',
      ),
    ).toBeTruthy();
    const main = screen.getByRole('main');
    // Signing in there comes back to the screen asked for.
    expect(within(main).getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe(
      '/login?returnTo=%2FadminHome',
    );
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).toBeNull();
  });

  it('an admin gets the dashboard with its five sections', async () => {
    signIn(sessionUser({ admin: true, primer_nombre: 'Admin' }));
    renderAt('/adminHome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración' })).toBeTruthy();
    const main = screen.getByRole('main');
    const links = [
      ['Gestionar productos', '/products/admin'],
      ['Gestionar usuarios', '/admin/usuarios'],
      ['Crear producto', '/producto'],
      ['Historial de ventas', '/admin/pedidos'],
      ['Gestionar calificaciones', '/calificaciones'],
    ];
    for (const [name, href] of links) {
      expect(within(main).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });

  it.each([
    [
      'ventas',
      [
        ['Historial de ventas', '/admin/pedidos'],
        ['Carritos olvidados', '/admin/carritos'],
      ],
      ['Gestionar productos', 'Crear producto', 'Gestionar calificaciones'],
    ],
    [
      'encargado',
      [
        ['Gestionar productos', '/products/admin'],
        ['Crear producto', '/producto'],
        ['Historial de ventas', '/admin/pedidos'],
        ['Carritos olvidados', '/admin/carritos'],
        ['Gestionar calificaciones', '/calificaciones'],
      ],
      [],
    ],
  ] as const)(
    'a %s staff member is offered only the sections of the role, and no figures',
    async (rol, offered, closed) => {
      signIn(sessionUser({ rol }));
      renderAt('/adminHome');
      expect(await screen.findByRole('heading', { level: 1, name: 'Administración' })).toBeTruthy();
      const sections = within(screen.getByRole('navigation', { name: 'Secciones de administración' }));
      expect(
        sections.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual(offered);
      for (const name of [
        ...closed,
        'Gestionar usuarios',
        'Ajustes',
        'Correos',
        'Registro de cambios',
        'Personal',
      ]) {
        expect(sections.queryByRole('link', { name })).toBeNull();
      }
      expect(screen.queryByText(/Resumen al/)).toBeNull();
    },
  );

  it.each([
    ['ventas', '/products/admin'],
    ['ventas', '/calificaciones'],
    ['encargado', '/admin/ajustes'],
    ['encargado', '/admin/usuarios'],
    ['encargado', '/admin/personal'],
  ] as const)('a %s staff member visiting %s is told the role does not include it', async (rol, path) => {
    signIn(sessionUser({ rol }));
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sección no disponible' })).toBeTruthy();
    expect(
      screen.getByText(
        'Tu rol en la tienda no incluye esta sección. Si la necesitas, pídesela al dueño de la tienda.',
      ),
    ).toBeTruthy();
  });

  it('a Ventas staff member opens the orders screen, and the owner the Personal page', async () => {
    signIn(sessionUser({ rol: 'ventas' }));
    renderAt('/admin/pedidos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedidos' })).toBeTruthy();
    cleanup();
    queryClient.clear();
    signIn(sessionUser({ admin: true }));
    api.on('GET /api/personal', () => Response.json({ personal: [], invitaciones: [] }));
    renderAt('/adminHome');
    const sections = within(await screen.findByRole('navigation', { name: 'Secciones de administración' }));
    expect(sections.getByRole('link', { name: 'Personal' }).getAttribute('href')).toBe('/admin/personal');
  });

  it.each([
    ['/products/admin', 'Gestionar productos'],
    ['/producto', 'Crear producto'],
    ['/product/1', 'Editar producto'],
    ['/admin/usuarios', 'Gestionar usuarios'],
    ['/admin/pedidos', 'Pedidos'],
    ['/admin/ajustes', 'Ajustes'],
    ['/admin/ajustes/correos', 'Correos'],
    ['/calificaciones', 'Gestionar calificaciones'],
  ])('an admin visiting %s gets the screen %s', async (path, title) => {
    signIn(sessionUser({ admin: true }));
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a Administración' }).getAttribute('href')).toBe(
      '/adminHome',
    );
  });

  it('an admin following an old link to /historialVentas lands on the orders screen with its filters', async () => {
    signIn(sessionUser({ admin: true }));
    const router = renderAt('/historialVentas?estado=pagada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedidos' })).toBeTruthy();
    expect(router.location.pathname).toBe('/admin/pedidos');
    expect(router.location.search).toBe('?estado=pagada');
  });

  it('a visitor asking for /account lands on the login page', async () => {
    const router = renderAt('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeTruthy();
    expect(router.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Continuar con Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Regístrate' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  /** Signs in on the login page on screen as the demo customer, as the server would answer. */
  async function signInOnTheForm() {
    api.on('POST /api/usuario/login', () => {
      signIn(sessionUser());
      return Response.json({ session: sessionUser() });
    });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@vitrina.local' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Cliente12345' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' })));
  }

  it("a visitor following an e-mail's 'Ver mi pedido' signs in and lands on that order, not on the home page", async () => {
    api.on('GET /api/venta/7', () => Response.json(order()));
    const router = renderAt('/pedido/7');
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(router.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.location.search).get('returnTo')).toBe('/pedido/7');
    await signInOnTheForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido V-000007' })).toBeTruthy();
    expect(router.location.pathname).toBe('/pedido/7');
  });

  it('a sign-in started from the menu goes home, as SPEC says', async () => {
    const router = renderAt('/login');
    await signInOnTheForm();
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', '/register'])(
    'a sign-in whose returnTo is %j goes home instead',
    async (returnTo) => {
      const router = renderAt(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await signInOnTheForm();
      await waitFor(() => expect(router.location.pathname).toBe('/'));
      expect(router.location.search).toBe('');
    },
  );

  it('a signed-in user visiting /login or /register is sent home', async () => {
    signIn(sessionUser());
    const router = renderAt('/register');
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: /Todo lo que tu hogar/ });
  });

  it('a Google account with the placeholders gets the first-time form', async () => {
    signIn(sessionUser({ login: 'google', telefono: PLACEHOLDER_PHONE, direccion: PLACEHOLDER_ADDRESS }));
    renderAt('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Completa tu perfil' })).toBeTruthy();
    expect(screen.getByLabelText('Dirección')).toBeTruthy();
    expect(screen.getByLabelText('Teléfono')).toBeTruthy();
    expect(screen.queryByLabelText('Contraseña actual')).toBeNull();
  });

  it('a database user sees their data, the update form (disabled until filled) and the password form', async () => {
    signIn(sessionUser());
    renderAt('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeTruthy();
    expect(screen.getByText('ana@vitrina.local')).toBeTruthy();
    const update = screen.getByRole('button', { name: 'Actualizar datos' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '5587654321' } });
    expect(update.disabled).toBe(false);
    for (const label of ['Contraseña actual', 'Nueva contraseña', 'Confirmar contraseña']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
  });

  it('a Google account with a complete profile reads its data without forms', async () => {
    signIn(sessionUser({ login: 'google' }));
    renderAt('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi perfil' })).toBeTruthy();
    expect(screen.getByText(/Iniciaste sesión con Google/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actualizar datos' })).toBeNull();
    expect(screen.queryByLabelText('Contraseña actual')).toBeNull();
  });

  it('back from Google sign-in greets the user and takes ?login=google out of the address', async () => {
    signIn(sessionUser({ login: 'google' }));
    const router = renderAt('/?login=google');
    const title = await screen.findByText('Bienvenido');
    expect(title.parentElement?.textContent).toBe('BienvenidoHola, Ana');
    // The address is tidied once the greeting is shown, by a navigation of its own.
    await waitFor(() => expect(router.location.search).toBe(''));
  });

  it('a failed Google sign-in shows the alert with Aceptar', async () => {
    const router = renderAt('/login?error=google');
    const dialog = await screen.findByRole('alertdialog', { name: 'Usuario o contraseña incorrectos' });
    expect(within(dialog).getByRole('button', { name: 'Aceptar' })).toBeTruthy();
    expect(router.location.search).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await act(async () => {});
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
