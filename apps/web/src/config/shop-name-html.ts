/**
 * The build's index.html names the shop as %SHOP_NAME%: this Vite plugin puts the name in,
 * escaped for HTML. (Vite's own %VITE_…% replacement inserts a value as it is, so a name with
 * "<" or "&" would have changed the page.) Used by vite.config.ts only.
 */
import type { Plugin } from 'vite';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function shopNameInHtml(name: string): Plugin {
  const escaped = name.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
  return {
    name: 'shop-name-in-html',
    transformIndexHtml: {
      order: 'pre',
      // A function, so "$&" or "$'" in the name is not read as a replacement pattern.
      handler: (html) => html.replaceAll('%SHOP_NAME%', () => escaped),
    },
  };
}
