import { shopPagePath } from '@vitrina/shared';
import type { Db } from '../../db/client';
import { listCategories, listVisibleProductIds } from '../catalog';
import { listPages } from '../pages';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** Home, the shop's pages (about, terms, privacy, the owner's own), every category and visible product. */
export async function renderSitemap(db: Db, publicUrl: string): Promise<string> {
  const [categories, productIds, pages] = await Promise.all([
    listCategories(db),
    listVisibleProductIds(db),
    listPages(db),
  ]);
  const paths = [
    '/',
    '/products/todos',
    // About, terms, privacy and the owner's own pages.
    ...pages.map((page) => shopPagePath(page.slug)),
    ...categories.map((c) => `/products/categoria/${c.id_categoria_producto}`),
    ...productIds.map((id) => `/products/${id}`),
  ];
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Crawlers may read the shop but not the API, the admin or personal pages. */
export function renderRobots(publicUrl: string): string {
  const private_ = [
    '/api/',
    '/account',
    '/carrito',
    '/pay',
    '/historial-de-compra',
    '/adminHome',
    '/admin/',
    '/products/admin',
    '/producto',
    '/product/',
    '/historialVentas',
    '/calificaciones',
  ];
  return [
    'User-agent: *',
    'Allow: /',
    ...private_.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
