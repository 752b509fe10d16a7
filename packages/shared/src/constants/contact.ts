/** What the phone and address rules ask for (shared/rules), shown beside the fields. */
export const PHONE_MESSAGE = 'Enter a 10-digit mobile number, optionally starting with +91';
export const ADDRESS_MESSAGE = 'Enter your full address with its 6-digit PIN code';
export const PIN_MESSAGE = 'Enter the 6-digit PIN code';
/** The hints under the phone and address fields (register, profile). */
export const PHONE_HINT = '10-digit mobile number, e.g. 98765 43210 or +91 98765 43210.';
export const ADDRESS_HINT = 'House, street, city and the 6-digit PIN code.';

/** Why a checkout cannot start: no address to ship to (create-order refuses it with this). */
export const SHIPPING_ADDRESS_NEEDED =
  'Please add a shipping address with its 6-digit PIN code to your profile before checking out.';
