/** The API client takes the answers the server inlined in the page once, then fetches. */
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { api } from '../api-client';

afterEach(() => document.getElementById('initial-data')?.remove());

describe('answers inlined in the page', () => {
  it('answers the first GET of a path from the page, and fetches from then on', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'initial-data';
    script.textContent = JSON.stringify({ '/product/get-product-count': { total: 7 } });
    document.body.append(script);
    const { calls } = mockApi({ 'GET /product/get-product-count': () => ({ total: 8 }) });

    expect(await api.get('/product/get-product-count')).toEqual({ total: 7 });
    expect(calls).toHaveLength(0);
    expect(await api.get('/product/get-product-count')).toEqual({ total: 8 });
    expect(calls.map((c) => c.path)).toEqual(['/product/get-product-count']);
  });
});
