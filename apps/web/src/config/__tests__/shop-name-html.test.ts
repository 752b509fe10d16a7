import { describe, expect, it } from 'vitest';
import { shopNameInHtml } from '../shop-name-html';

/** The page as the plugin leaves it. */
function transform(name: string, html: string): string {
  const hook = shopNameInHtml(name).transformIndexHtml as {
    handler: (html: string) => string;
  };
  return hook.handler(html);
}

describe('the shop name in index.html', () => {
  it('is put in everywhere, escaped for HTML', () => {
    expect(
      transform(
        'Chai & <Tees> "Co"',
        '<title>Printed T-Shirts | %SHOP_NAME%</title><span>%SHOP_NAME%</span>',
      ),
    ).toBe(
      '<title>Printed T-Shirts | Chai &amp; &lt;Tees&gt; &quot;Co&quot;</title><span>Chai &amp; &lt;Tees&gt; &quot;Co&quot;</span>',
    );
  });

  it('keeps "$" in a name as it is', () => {
    expect(transform("Tees $' $& $$", '<b>%SHOP_NAME%</b>!')).toBe('<b>Tees $&#39; $&amp; $$</b>!');
  });
});
