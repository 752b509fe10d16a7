/** What the phone and address fields ask for (the shared rules), shown under them. */
export const PHONE_HINT = '10-digit mobile number, e.g. 98765 43210 or +91 98765 43210.';
export const ADDRESS_HINT = 'House, street, city and the 6-digit PIN code.';
