import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOME_LCP_IMAGE, type Manifest, PAGE_MODULES, preloadTags } from './preloads';

const WEB_ROOT = fileURLToPath(new URL('../../../../web/', import.meta.url));

/** The shape of Vite's manifest for an entry, a shared chunk and two lazy pages. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-a1.js',
    isEntry: true,
    imports: ['_react-b2.js'],
  },
  '_react-b2.js': { file: 'assets/react-b2.js' },
  '_price-d4.js': {
    file: 'assets/price-d4.js',
    imports: ['index.html', '_react-b2.js'],
  },
  [PAGE_MODULES.product]: {
    file: 'assets/product-page-f6.js',
    imports: ['index.html', '_react-b2.js', '_price-d4.js'],
  },
  [PAGE_MODULES.home]: { file: 'assets/home-page-h8.js', imports: ['index.html', '_price-d4.js'] },
  [HOME_LCP_IMAGE]: { file: 'assets/promo-banner-i9.svg' },
};

/** A product photo's preload names its sizes as the product page's <img> does, so the same one is fetched. */
const PHOTO_PRELOAD =
  '<link rel="preload" as="image" href="/uploads/productos/1.webp" imagesrcset="/uploads/productos/1-400w.webp 400w, /uploads/productos/1-800w.webp 800w, /uploads/productos/1-1200w.webp 1200w, /uploads/productos/1.webp 1600w" imagesizes="(max-width: 760px) 100vw, 520px" fetchpriority="high">';

describe('page preloads', () => {
  it('name web modules that exist, so a renamed page cannot silently lose its preloads', () => {
    for (const path of [...Object.values(PAGE_MODULES), HOME_LCP_IMAGE]) {
      expect(existsSync(`${WEB_ROOT}${path}`), path).toBe(true);
    }
  });

  it("preload a page's chunk and the chunks it imports, but not the entry's", () => {
    expect(preloadTags(MANIFEST, { kind: 'product', images: ['/uploads/productos/1.webp'] })).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/product-page-f6.js">',
      '<link rel="modulepreload" crossorigin href="/assets/price-d4.js">',
      PHOTO_PRELOAD,
    ]);
  });

  it("preload the home page's banner illustration as its LCP image", () => {
    expect(preloadTags(MANIFEST, { kind: 'home' })).toContain(
      '<link rel="preload" as="image" href="/assets/promo-banner-i9.svg" fetchpriority="high">',
    );
  });

  it('name only the pictures of a page the server renders: its code loads after it', () => {
    expect(
      preloadTags(MANIFEST, { kind: 'product', images: ['/uploads/productos/1.webp'], scripts: false }),
    ).toEqual([PHOTO_PRELOAD]);
  });

  it('escape the image path and add nothing without a build manifest', () => {
    expect(preloadTags(MANIFEST, { kind: 'product', images: ['/uploads/"x".webp'] }).at(-1)).toBe(
      '<link rel="preload" as="image" href="/uploads/&#34;x&#34;.webp" fetchpriority="high">',
    );
    expect(preloadTags(undefined, { kind: 'home' })).toEqual([]);
  });
});
