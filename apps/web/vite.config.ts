import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_SHOP_NAME } from '@repo/shared/constants';
import { shopNameInHtml } from './src/config/shop-name-html.ts';

// 127.0.0.1, where the API listens by default (localhost may resolve to ::1 first).
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
// The shop's name for index.html (%SHOP_NAME%, escaped) and src/config/env.ts: the API's
// SHOP_NAME when the build has it, else the same default.
const shopName = process.env.VITE_SHOP_NAME || process.env.SHOP_NAME || DEFAULT_SHOP_NAME;
process.env.VITE_SHOP_NAME = shopName;

/**
 * React Router's production build. Its package names only its development build (the same code
 * with the development warnings on), so a production bundle would carry those warnings too:
 * half a kilobyte (gzip) of the first page's code, and their checks on every route match.
 * Without the folder (another version's layout), the package as it names itself.
 */
function reactRouterProduction() {
  const require = createRequire(import.meta.url);
  const routerDom = dirname(require.resolve('react-router-dom/package.json'));
  const router = dirname(require.resolve('react-router/package.json', { paths: [routerDom] }));
  const dist = join(router, 'dist', 'production');
  return existsSync(join(dist, 'index.mjs'))
    ? [
        { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
        { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
      ]
    : [];
}

/**
 * Chrome's explicit compile hint (Chrome 136+; other browsers read a comment) on the chunks every
 * page runs at once: their functions are compiled on the background thread that streams the
 * file, not one by one on the main thread the first time they run, in the middle of the
 * take-over's first render. Added after minification, which drops comments.
 */
function compileHints(chunkNames: string[]): Plugin {
  return {
    name: 'compile-hints',
    enforce: 'post',
    apply: 'build',
    generateBundle: {
      // After Vite's own additions to the chunks: the hint must be the file's first line.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunkNames.includes(chunk.name))
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      },
    },
  };
}

/**
 * The server renderer (`vite build --ssr src/entry-server.tsx`, the build script's second step):
 * one self-contained CommonJS file, dist/server/entry-server.cjs, with React and every other
 * dependency bundled in (production builds), so the API can load it by path wherever the built
 * web app is, without the web app's node_modules (the Docker image has only the API's).
 */
const serverBuild = {
  outDir: 'dist/server',
  emptyOutDir: true,
  copyPublicDir: false,
  target: 'node20',
  sourcemap: false,
  rolldownOptions: {
    output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false },
  },
} as const;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [shopNameInHtml(shopName), react(), tailwindcss(), compileHints(['index', 'vendor'])],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...reactRouterProduction(),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/uploads': apiTarget },
  },
  ssr: { noExternal: true, target: 'node' },
  // React's production build on the server too (an SSR build leaves process.env alone).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  // The manifest lets bench/ add up what each route loads, and the API preload a route's chunks.
  build: isSsrBuild
    ? serverBuild
    : {
        target: 'es2022',
        sourcemap: false,
        // No modulepreload polyfill (0.4 KB on every page's first load): every browser the
        // shop builds for but Safari before 17 preloads modules itself, and there a preload
        // left out only loads that chunk when it is imported.
        modulePreload: { polyfill: false },
        manifest: true,
        rolldownOptions: {
          // The app (index.html's main.tsx), and the script a server-rendered page loads
          // instead, which loads the app once the page's main photo is painted (take-over.ts).
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            'take-over': fileURLToPath(new URL('./src/take-over.ts', import.meta.url)),
          },
          output: {
            // Few, larger chunks: every request costs a round trip on a phone's connection, and
            // a dozen sub-kilobyte chunks cost more in round trips than their bytes.
            codeSplitting: {
              groups: [
                // What the entry loads up front in two chunks, not one: the take-over script
                // (server-rendered pages) runs them one per task, so a slow phone's main thread
                // is not held for all 330 KB at once. The libraries (React DOM set up with them,
                // by the one module of ours here: lib/react-dom-client.ts), then the app. (Not
                // the take-over script and the kept taps it imports: they must stay a file of
                // their own, which runs before the app's code arrives.)
                {
                  name: 'vendor',
                  tags: ['$initial'],
                  test: /node_modules[\\/]|src[\\/]lib[\\/]react-dom-client\.ts$/,
                  priority: 2,
                },
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) => !/[\\/]src[\\/](take-over|kept-taps)\.ts$/.test(id),
                  priority: 1,
                },
                // What the catalog pages (home, search, product) share: the product grid with
                // its cards and their swatches, the catalog queries. One chunk instead of one
                // file each; a piece only one page or the dashboards use stays out of it, so the
                // home page does not load the product page's details, the card's colour and
                // size chooser (loaded on the first tap) or the admin's fields.
                {
                  name: 'catalog-ui',
                  test: /src[\\/](components[\\/]ui[\\/](product-(card|grid|image)|colour-swatches|price|rating|stars|empty-state|pagination)\.|features[\\/]catalog[\\/]hooks[\\/]|features[\\/]catalog[\\/]components[\\/]catalog-products\.|lib[\\/](format|use-title)\.)/,
                },
              ],
            },
          },
        },
      },
}));
