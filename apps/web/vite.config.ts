import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_ORIGIN = 'http://localhost:3000';
const proxied = ['/api', '/uploads', '/sitemap.xml', '/robots.txt'];
const SHARED_SOURCE = /[\\/]packages[\\/]shared[\\/]src[\\/].*\.ts$/;

type AstNode = { type: string; start: number } & Record<string, unknown>;

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Start offsets of the calls in `node`, not descending into functions (their bodies run later). */
function callStarts(node: AstNode, found: Set<number>): Set<number> {
  if (/Function|Class/.test(node.type)) return found;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') found.add(node.start);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callStarts(child, found);
  }
  return found;
}

/**
 * @vitrina/shared builds its zod schemas at module level (it does no I/O, DESIGN.md). Marking the calls in
 * its top-level initialisers pure lets the bundler drop the schemas the storefront does not use — and zod
 * with them — while it keeps the constants and rules it does use.
 */
function pureSharedInitialisers(): Plugin {
  return {
    name: 'vitrina:pure-shared-initialisers',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!SHARED_SOURCE.test(id)) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const starts = new Set<number>();
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as AstNode[]) {
          if (isNode(declarator.init)) callStarts(declarator.init, starts);
        }
      }
      let out = code;
      for (const start of [...starts].sort((a, b) => b - a)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ ${out.slice(start)}`;
      }
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), pureSharedInitialisers()],
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Never inline assets as data: URIs, so a strict img-src CSP keeps working.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
