/**
 * How long each text a person types may be, in characters: the shared schemas refuse more with
 * the limit in their message ("Name can be at most 80 characters"), and the web app's fields
 * stop there (`maxLength`), so nobody types what will be refused.
 */
export const TEXT_LIMITS = {
  /** A person's name (register, profile). */
  personName: 80,
  email: 254,
  /** As typed, spaces and all: "0091 98765 43210" is 16. */
  phone: 20,
  address: 500,
  /** bcrypt reads 72 bytes; a password's own rule counts bytes (accented letters take more). */
  password: 72,
  categoryName: 60,
  productName: 120,
  productDescription: 5000,
  /** A product's facts (product page's "Product details"). */
  countryOfOrigin: 56,
  fabric: 100,
  washCare: 300,
} as const;

/** The message of a text over its limit. */
export const tooLong = (label: string, max: number) => `${label} can be at most ${max} characters`;
