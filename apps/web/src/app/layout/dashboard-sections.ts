/**
 * The customer dashboard's sections, named alike in its side panel (and its phone tabs) and in
 * the phone menu's Dashboard list: Overview, Profile, Order and the saved addresses.
 */
import { paths } from '@/config/paths';

export const USER_DASHBOARD_SECTIONS = [
  { label: 'Overview', to: paths.userDashboard },
  { label: 'Profile', to: paths.userProfile },
  { label: 'Addresses', to: paths.userAddresses },
  { label: 'Order', to: paths.userOrders },
] as const;
