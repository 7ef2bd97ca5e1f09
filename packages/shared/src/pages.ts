/*
 * The web app's pages (SPEC §2), in one table: the router (apps/web/src/app/router.tsx) routes these
 * paths and each page titles the document with its entry; the server (apps/server/src/modules/site)
 * answers them with the app, the same title and the preload hints of their kind. Any other path is a
 * 404 page. Without zod: the web app's entry imports it.
 */

/** What the server preloads for a page: its code, and the images of its largest paint. */
export type PagePreloadKind = 'home' | 'listing' | 'product';

export interface PageEntry {
  /** React Router's syntax; every `:id` is a record id (digits), a `:slug` a page's slug (shop-pages.ts). */
  readonly path: string;
  /**
   * The document title ('{title} | Vitrina'). None: the shop's name alone (the home page), or a title the
   * page takes from its data (a product's or a category's name).
   */
  readonly title?: string;
  readonly preload?: PagePreloadKind;
  /**
   * The server renders it: its first answer holds what a visitor sees (the storefront's public pages).
   * The others arrive empty and the browser renders them.
   */
  readonly rendered?: true;
}

export const PAGES = {
  home: { path: '/', preload: 'home', rendered: true },
  allProducts: { path: '/products/todos', title: 'Todos los productos', preload: 'listing', rendered: true },
  category: { path: '/products/categoria/:id', preload: 'listing', rendered: true },
  product: { path: '/products/:id', preload: 'product', rendered: true },
  // The owner's pages (shop-pages.ts) are titled by the owner: their title is the page's own.
  about: { path: '/about', rendered: true },
  terms: { path: '/terminos', rendered: true },
  privacy: { path: '/privacidad', rendered: true },
  /** A page the owner wrote (shop-pages.ts); its title is the page's own. */
  ownPage: { path: '/paginas/:slug', rendered: true },
  login: { path: '/login', title: 'Iniciar sesión' },
  register: { path: '/register', title: 'Registrarse' },
  recoverPassword: { path: '/recuperar', title: 'Recuperar contraseña' },
  resetPassword: { path: '/restablecer', title: 'Elegir contraseña nueva' },
  account: { path: '/account', title: 'Mi perfil' },
  purchaseHistory: { path: '/historial-de-compra', title: 'Historial de compras' },
  order: { path: '/pedido/:id', title: 'Pedido' },
  orderLookup: { path: '/consultar-pedido', title: 'Consultar pedido' },
  cart: { path: '/carrito', title: 'Carrito' },
  pay: { path: '/pay', title: 'Pago' },
  adminHome: { path: '/adminHome', title: 'Administración' },
  adminProducts: { path: '/products/admin', title: 'Gestionar productos' },
  createProduct: { path: '/producto', title: 'Crear producto' },
  editProduct: { path: '/product/:id', title: 'Editar producto' },
  adminUsers: { path: '/admin/usuarios', title: 'Gestionar usuarios' },
  adminCustomer: { path: '/admin/usuarios/:id', title: 'Cliente' },
  salesHistory: { path: '/historialVentas', title: 'Historial de ventas' },
  adminRatings: { path: '/calificaciones', title: 'Gestionar calificaciones' },
  adminAudit: { path: '/admin/auditoria', title: 'Registro de cambios' },
  adminSynonyms: { path: '/admin/sinonimos', title: 'Sinónimos' },
  adminOrders: { path: '/admin/pedidos', title: 'Pedidos' },
  adminOrder: { path: '/admin/pedidos/:id', title: 'Pedido' },
  adminCarts: { path: '/admin/carritos', title: 'Carritos olvidados' },
  adminSettings: { path: '/admin/ajustes', title: 'Ajustes' },
  adminMail: { path: '/admin/ajustes/correos', title: 'Correos' },
  adminStaff: { path: '/admin/personal', title: 'Personal' },
  acceptStaff: { path: '/personal/aceptar', title: 'Invitación al personal' },
  adminShop: { path: '/admin/ajustes/tienda', title: 'Tienda' },
  adminPages: { path: '/admin/ajustes/paginas', title: 'Páginas' },
  adminPayments: { path: '/admin/ajustes/pagos', title: 'Pagos' },
  adminPromotions: { path: '/admin/ajustes/promociones', title: 'Promociones' },
  adminShipping: { path: '/admin/ajustes/envio', title: 'Envío' },
  adminImport: { path: '/admin/ajustes/importar', title: 'Importar / Exportar' },
} as const satisfies Record<string, PageEntry>;

export type PageName = keyof typeof PAGES;

/** A page's address: its path with `id` in place of `:id` ('/products/categoria/3'). */
export function pagePath(page: PageEntry, id?: number): string {
  return id === undefined ? page.path : page.path.replace(':id', String(id));
}

/**
 * The id of the `<script type="application/json">` in which the server hands a page it rendered to the
 * browser (its router state and query data). A data block, not a script: it never runs, so the
 * Content-Security-Policy needs no exception for it.
 */
export const PAGE_STATE_ID = 'estado-de-pagina';

/**
 * A page the server rendered, as the web build's render (apps/web/src/entry-server.tsx) hands it to the
 * server (apps/server/src/modules/site/render.ts): the markup of `#root`, and the state the browser takes
 * it over with.
 */
export interface RenderedPage<State = unknown> {
  html: string;
  state: State;
}

/** Where the storefront shows a page: the three keep the addresses they had, the others /paginas/:slug. */
export function shopPagePath(slug: string): string {
  if (slug === 'acerca') return PAGES.about.path;
  if (slug === 'terminos') return PAGES.terms.path;
  if (slug === 'privacidad') return PAGES.privacy.path;
  return PAGES.ownPage.path.replace(':slug', slug);
}
