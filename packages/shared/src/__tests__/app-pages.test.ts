import { describe, expect, it } from 'vitest';
import { isAppPage } from '../rules/app-pages.js';

describe('isAppPage', () => {
  it.each([
    '/',
    '/Search',
    '/search',
    '/product-detail/sakura-tee',
    '/cart/',
    '/dashboard/admin',
    '/dashboard/admin/',
    '/dashboard/admin/product/sakura-tee',
    '/dashboard/user/orders/6b0a5ecffc6818ead52b8606',
    '/order-placed/6b0a5ecffc6818ead52b8606',
  ])('knows %s', (path) => expect(isAppPage(path)).toBe(true));

  it.each([
    '',
    '//',
    '/no-such-page',
    '/about/more',
    '/product-detail',
    '/product-detail/a/b',
    '/dashboard',
    '/dashboard/admin/products',
    '/dashboard/user/orders/1/2',
    '/cartx',
  ])('does not know %s', (path) => expect(isAppPage(path)).toBe(false));
});
