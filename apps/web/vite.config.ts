/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const API_ORIGIN = 'http://localhost:3000';
const proxied = ['/api', '/uploads', '/sitemap.xml', '/robots.txt'];

/*
 * react-router's package exports only name its development build, warnings included, even for
 * production bundles (remix-run/react-router#14102); a production build takes the production one.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * A CSS module's class in a build: its name and four characters of a hash of its file (`_body_Qd94`)
 * instead of Vite's `_body_1lz68_45` (five, and the line). The names are in the style sheet, in the
 * scripts that render them and in every page's markup, so shorter ones make each of those smaller
 * (docs/decisions/043-short-class-names.md). Random names would be shorter still but compress worse than
 * ones that repeat the property name beside them. Both builds (the browser's and the server's render) name
 * a class alike, so the hydrated markup matches; the development server and the tests keep Vite's names.
 * Two files whose hashes would give one class the same name stop the build.
 */
function shortClassNames() {
  const owners = new Map<string, string>();
  return (name: string, filename: string) => {
    const file = relative(root, filename.split('?')[0] ?? filename);
    const owner = `${file}:${name}`;
    const short = `_${name}_${createHash('sha256').update(file).digest('base64url').slice(0, 4)}`;
    const taken = owners.get(short);
    if (taken && taken !== owner)
      throw new Error(`CSS classes ${taken} and ${owner} both shorten to ${short}`);
    owners.set(short, owner);
    return short;
  };
}

/** The server's render of storefront pages (src/entry-server.tsx), built beside the browser's app. */
const ssrBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  // Asset URLs as the browser's build writes them (the hydrated markup must match).
  assetsInlineLimit: 0,
  rolldownOptions: { input: 'src/entry-server.tsx', output: { entryFileNames: '[name].js' } },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  root,
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve:
    command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  css: command === 'build' ? { modules: { generateScopedName: shortClassNames() } } : {},
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
  // The web tests (the 'web' project of the root vitest.config.ts): any console.error or console.warn fails them.
  test: { setupFiles: ['./src/testing/setup.ts'] },
  // The server's render bundles everything it runs (the shared rules are TypeScript, React Router comes
  // through the alias above), and always React's production build: with the shop's NODE_ENV left at
  // 'development', the external react-dom/server rendered a page in twice the time.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Never inline assets as data: URIs, so a strict img-src CSP keeps working.
        assetsInlineLimit: 0,
        // No preload helper around dynamic imports: it and the lists of every chunk's dependencies it
        // carried weighed on each storefront page's JavaScript (docs/decisions/039). A chunk's own imports
        // now start when it has arrived; the server still preloads a page's files (preloads.ts).
        modulePreload: false,
        // One style sheet for the whole shop, linked by index.html: a page the server rendered paints after
        // one request for styles instead of one per chunk it uses, and later pages never wait for theirs
        // (docs/decisions/038).
        cssCodeSplit: false,
        // The server reads it to preload a page's own chunk and its LCP image (apps/server/src/modules/site).
        manifest: true,
        rolldownOptions: {
          output: {
            entryFileNames: 'assets/[name]-[hash].js',
            chunkFileNames: 'assets/[name]-[hash].js',
            assetFileNames: 'assets/[name]-[hash][extname]',
          },
        },
      },
}));
