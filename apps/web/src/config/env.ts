/**
 * The web app's settings, read once from Vite's build-time env (VITE_*), typed and with
 * their defaults. Everything else reads them from here, never from import.meta.env.
 */
import { DEFAULT_SHOP_NAME } from '@repo/shared/constants';

const vars = import.meta.env as Partial<Record<'VITE_API_URL' | 'VITE_SHOP_NAME', string>>;

export const env = {
  /** Where the API answers: the same origin's /api unless the build says otherwise. */
  apiUrl: vars.VITE_API_URL || '/api',
  /** The shop's name on every page and in the payment dialog; set it with the API's SHOP_NAME. */
  shopName: vars.VITE_SHOP_NAME || DEFAULT_SHOP_NAME,
} as const;
