/**
 * What the browser downloads for a page of the built web app, gzip-compressed as the shop
 * serves it: the module script, modulepreloads and stylesheets of dist/index.html, plus the
 * route's lazily loaded chunk and its static imports (from Vite's dist/.vite/manifest.json);
 * for the home page, which the server renders, also the take-over script that loads the app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROUTES_DIR = 'src/app/routes/';
export const HOME_ROUTE = `${ROUTES_DIR}home.tsx`;
/** The script a server-rendered page (the home page) loads, which loads the app (apps/web). */
const TAKE_OVER = 'src/take-over.ts';

function assetsOfHtml(html) {
  const attr = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const js = [];
  const css = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script') && /type="module"/.test(tag) && attr(tag, 'src'))
      js.push(attr(tag, 'src'));
    else if (/rel="modulepreload"/.test(tag)) js.push(attr(tag, 'href'));
    else if (/rel="stylesheet"/.test(tag)) css.push(attr(tag, 'href'));
  }
  const local = (list) => list.filter((u) => u && u.startsWith('/')).map((u) => u.slice(1));
  return { js: local(js), css: local(css) };
}

/** A manifest chunk's file, CSS and static imports, transitively. */
function closure(manifest, key, into = { js: new Set(), css: new Set() }, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return into;
  seen.add(key);
  const chunk = manifest[key];
  if (chunk.file.endsWith('.js')) into.js.add(chunk.file);
  for (const c of chunk.css ?? []) into.css.add(c);
  for (const i of chunk.imports ?? []) closure(manifest, i, into, seen);
  return into;
}

export function measureWeb(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifestFile = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(
      `${manifestFile} is missing: apps/web/vite.config.ts needs build.manifest = true`,
    );
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(distDir, file));
      sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length });
    }
    return sizes.get(file);
  };
  const total = (files) =>
    [...files].reduce(
      (sum, f) => ({ raw: sum.raw + sizeOf(f).raw, gzip: sum.gzip + sizeOf(f).gzip }),
      { raw: 0, gzip: 0 },
    );

  const shell = assetsOfHtml(html);
  const entry = closure(manifest, 'index.html', { js: new Set(shell.js), css: new Set(shell.css) });
  const page = (routeKey, extra = []) => {
    const files = closure(manifest, routeKey, { js: new Set(entry.js), css: new Set(entry.css) });
    for (const key of extra) closure(manifest, key, files);
    return {
      route: routeKey.slice(ROUTES_DIR.length),
      js: total(files.js),
      css: total(files.css),
      files: [...files.js, ...files.css].map((file) => ({ file, ...sizeOf(file) })),
    };
  };
  // A home page imported statically is part of the entry: no chunk of its own.
  // The home page comes rendered by the server: it loads the take-over script too.
  const rendered = manifest[TAKE_OVER] ? [TAKE_OVER] : [];
  const home = manifest[HOME_ROUTE]
    ? page(HOME_ROUTE, rendered)
    : { ...page('index.html', rendered), route: 'home.tsx (in the entry)' };
  const routes = Object.keys(manifest)
    .filter((k) => k.startsWith(ROUTES_DIR))
    .map((key) => page(key))
    .sort((a, b) => b.js.gzip - a.js.gzip);
  return {
    home,
    largest: routes[0] ?? home,
    routes: routes.map(({ route, js, css }) => ({ route, js, css })),
  };
}
