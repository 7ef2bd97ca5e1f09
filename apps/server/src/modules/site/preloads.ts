import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PHOTO_SIZES, photoSrcSet } from '@vitrina/shared';
import { escapeHtml } from './seo';

/**
 * Resource hints for the pages shoppers land on. The web app loads a page's code lazily, so without a
 * hint the browser learns about the page's chunk, and then about its largest image, only after the entry
 * has downloaded and run. Naming them in the HTML lets them download in parallel with the entry.
 */

/** One chunk of Vite's build manifest (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The page modules of apps/web/src/app/router.tsx for the pages the server tells apart, and the app
 * itself (start.tsx, which main.tsx loads and every page imports) for the others.
 */
export const PAGE_MODULES = {
  home: 'src/features/home/pages/home-page.tsx',
  listing: 'src/features/catalog/pages/listing-page.tsx',
  product: 'src/features/catalog/pages/product-page.tsx',
  app: 'src/start.tsx',
} as const;
export type PageKind = keyof typeof PAGE_MODULES;

/** The home page's largest paint: the promo banner's illustration (features/home/components/promo-banner). */
export const HOME_LCP_IMAGE = 'src/assets/promo-banner.svg';

export function readManifest(webDist: string): Manifest | undefined {
  const path = join(webDist, '.vite', 'manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined;
}

/** A chunk's file and those of every chunk it imports, leaving out `skip`. */
function closure(manifest: Manifest, key: string, skip: ReadonlySet<string> = new Set()): Set<string> {
  const modules = new Set<string>();
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk || skip.has(chunk.file) || modules.has(chunk.file)) return;
    modules.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return modules;
}

/** A page's chunk and the chunks it imports, minus what index.html already loads. */
function pageModules(manifest: Manifest, kind: PageKind): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inIndexHtml = entry ? closure(manifest, entry) : new Set<string>();
  return [...closure(manifest, PAGE_MODULES[kind], inIndexHtml)];
}

/**
 * What a page preloads: its code by kind, and the site paths of the images its largest paint can be
 * (the product's photo, the first cards of a listing) when the server knows them. `scripts: false` for
 * a page the server renders: its code loads after the page (apps/web/src/main.tsx), so only its pictures
 * are named. Style sheets need no hint: the build writes one (apps/web/vite.config.ts), which index.html
 * links.
 */
export interface PagePreload {
  kind: PageKind;
  images?: readonly string[];
  scripts?: boolean;
}

/**
 * The <link> tags for a page: modulepreload for its code and high-priority preloads of its LCP image
 * candidates.
 */
export function preloadTags(
  manifest: Manifest | undefined,
  { kind, images = [], scripts = true }: PagePreload,
): string[] {
  if (!manifest) return [];
  const homeImage = manifest[HOME_LCP_IMAGE]?.file;
  const lcpImages = kind === 'home' && homeImage ? [homeImage] : images;
  const href = (file: string) => escapeHtml(file.startsWith('/') ? file : `/${file}`);
  // A product photo is preloaded in the size the page's <img> will pick, never the full one.
  const sizes = kind === 'product' ? PHOTO_SIZES.page : PHOTO_SIZES.card;
  const responsive = (file: string) => {
    const srcset = photoSrcSet(file);
    return srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  };
  return [
    ...(scripts ? pageModules(manifest, kind) : []).map(
      (file) => `<link rel="modulepreload" crossorigin href="${href(file)}">`,
    ),
    ...lcpImages.map(
      (file) =>
        `<link rel="preload" as="image" href="${href(file)}"${responsive(file)} fetchpriority="high">`,
    ),
  ];
}
