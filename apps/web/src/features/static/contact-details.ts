/** How to reach the shop: shown on Contact, named in the Privacy Policy and printed on receipts. */
import { env } from '@/config/env';

export const CONTACT = {
  name: env.shopName,
  address: 'Bengaluru, Karnataka, India',
  phone: '+91 80 4567 8910',
  email: 'hello@tshirtshop.in',
  supportEmail: 'support@tshirtshop.in',
  country: 'India',
  hours: 'Monday to Saturday, 10 am to 7 pm IST',
} as const;
