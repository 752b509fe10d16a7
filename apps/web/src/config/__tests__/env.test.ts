import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function loadEnv() {
  vi.resetModules();
  return (await import('../env')).env;
}

describe('config/env', () => {
  it('names the shop "T-Shirt Shop" and calls the same origin\'s /api by default', async () => {
    vi.stubEnv('VITE_SHOP_NAME', '');
    vi.stubEnv('VITE_API_URL', '');
    expect(await loadEnv()).toEqual({ shopName: 'T-Shirt Shop', apiUrl: '/api' });
  });

  it('takes the shop name and the API address from the build', async () => {
    vi.stubEnv('VITE_SHOP_NAME', 'Chai & Tees');
    vi.stubEnv('VITE_API_URL', 'https://api.example.in/api');
    expect(await loadEnv()).toEqual({
      shopName: 'Chai & Tees',
      apiUrl: 'https://api.example.in/api',
    });
  });
});
