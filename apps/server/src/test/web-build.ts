import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { type Manifest, PAGE_MODULES } from '../modules/site/preloads';

/** The shape of the built index.html: one title, one description, the entry script. */
export const TEMPLATE = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8">
    <meta name="description" content="Tienda en línea">
    <title>Vitrina</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The entry script of the stand-in build. */
export const SCRIPT = 'console.log("vitrina")';

/**
 * A stand-in for the built web app: index.html, the build manifest, an asset and its brotli copy. Tests
 * serve pages from one of these, never from apps/web/dist, which exists only after `npm run build`.
 */
export async function fakeWebBuild(dir: string) {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await mkdir(join(dir, '.vite'), { recursive: true });
  await writeFile(join(dir, 'index.html'), TEMPLATE);
  await writeFile(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-abc123.js', isEntry: true },
    [PAGE_MODULES.product]: { file: 'assets/product-page-def456.js', imports: ['index.html'] },
  };
  await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
}
