/**
 * The shop's settings: one section per concern (delivery, cash on delivery, and the sections
 * other features add), each a zod schema whose every field has a default, so a shop that never
 * saved a section reads sensible values. The API stores one document per section
 * (modules/settings); `SETTINGS_SECTIONS` is the one list of sections: to add one, write its
 * schema here (fields with defaults, an optional `public` pick the storefront may read) and add
 * it to the list. The admin's settings page shows one form per section.
 *
 * Amounts are whole paise (₹49 is 4900), as the server counts money; forms show rupees.
 */
import { z } from 'zod';
import { INDIAN_STATE_NAMES } from '../constants/india.js';
import { TEXT_LIMITS, tooLong } from '../constants/limits.js';
import { DEFAULT_REVIEW_REQUEST_DAYS } from '../constants/reviews.js';
import { isIndianPhone } from '../rules/contact.js';
import { objectId, optionalText, requiredText } from './common.js';
import { gstSettings, gstSettingsFields } from './gst.js';

/** ₹1,00,000: no fee or order limit of this shop is larger. */
const MAX_SETTING_PAISE = 1_00_000_00;
export const settingPaise = (label: string) =>
  z
    .number({ error: `${label} must be an amount in rupees` })
    .int(`${label} must be in whole paise`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_SETTING_PAISE, `${label} must be at most ₹1,00,000`);

const days = (label: string) =>
  z
    .number({ error: `${label} must be a number of days` })
    .int(`${label} must be a whole number of days`)
    .min(0, `${label} cannot be negative`)
    .max(60, `${label} must be at most 60 days`);

/** A PIN code's first 1 to 6 digits ("56", "560", "560001"); a PIN never starts with 0. */
export const pinPrefix = z
  .string({ error: 'Enter a PIN prefix' })
  .trim()
  .regex(/^[1-9]\d{0,5}$/, 'A PIN prefix is 1 to 6 digits and does not start with 0');

/** A calendar date as YYYY-MM-DD (a real one: no 31 February). */
export const isoDate = z
  .string({ error: 'Enter a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'That date does not exist');

/** A time of day on a 24-hour clock, "14:00". */
export const timeOfDay = z
  .string({ error: 'Enter a time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour clock)');

const weekday = z.number().int().min(0, 'Unknown weekday').max(6, 'Unknown weekday');

const indianState = z.enum(INDIAN_STATE_NAMES, {
  error: 'Choose a state or union territory from the list',
});

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

/** Where the shop delivers in how many days: states, or PIN prefixes (more precise, checked first). */
export const deliveryZone = z
  .object({
    name: requiredText('Zone name', 60),
    states: z.array(indianState).max(INDIAN_STATE_NAMES.length),
    pinPrefixes: z.array(pinPrefix).max(500, 'At most 500 PIN prefixes per zone'),
    /** Days in transit after dispatch, fastest and slowest (days couriers deliver). */
    minDays: days('Fastest delivery'),
    maxDays: days('Slowest delivery'),
    /** Cash on delivery is offered in this zone. */
    cod: z.boolean(),
  })
  .refine((z) => z.minDays <= z.maxDays, {
    path: ['maxDays'],
    message: 'The slowest delivery cannot be sooner than the fastest',
  })
  .refine((z) => z.states.length + z.pinPrefixes.length > 0, {
    path: ['states'],
    message: 'Choose at least one state or enter a PIN prefix',
  })
  .refine((z) => unique(z.states), { path: ['states'], message: 'A state is listed twice' })
  .refine((z) => unique(z.pinPrefixes), {
    path: ['pinPrefixes'],
    message: 'A PIN prefix is listed twice',
  })
  .meta({ id: 'DeliveryZone' });
export type DeliveryZone = z.infer<typeof deliveryZone>;

export const DEFAULT_DELIVERY_ZONES: DeliveryZone[] = [
  {
    name: 'Metro cities',
    states: [],
    // Delhi, Mumbai, Bengaluru, Chennai, Kolkata, Hyderabad, Pune.
    pinPrefixes: ['110', '400', '560', '600', '700', '500', '411'],
    minDays: 2,
    maxDays: 3,
    cod: true,
  },
  {
    name: 'North-east and the hills',
    states: [
      'Arunachal Pradesh',
      'Manipur',
      'Meghalaya',
      'Mizoram',
      'Nagaland',
      'Sikkim',
      'Tripura',
      'Jammu and Kashmir',
      'Ladakh',
    ],
    pinPrefixes: [],
    minDays: 5,
    maxDays: 9,
    cod: true,
  },
  {
    name: 'Islands',
    states: ['Andaman and Nicobar Islands', 'Lakshadweep'],
    pinPrefixes: [],
    minDays: 7,
    maxDays: 12,
    cod: false,
  },
];

const deliveryFields = {
  /** Charged on orders whose items come to less than `freeFromPaise`. */
  feePaise: settingPaise('Delivery fee').default(4900),
  /** Orders whose items come to at least this ship free (0: every order ships free). */
  freeFromPaise: settingPaise('Free delivery from').default(49900),
  /** Orders placed before this time (India's time) on a dispatch day leave that day. */
  cutoff: timeOfDay.default('14:00'),
  /** The weekdays parcels are dispatched (0 = Sunday). */
  dispatchDays: z
    .array(weekday)
    .min(1, 'Choose at least one dispatch day')
    .refine(unique, 'A weekday is listed twice')
    .default([1, 2, 3, 4, 5, 6]),
  /** Days nothing is dispatched or delivered (national holidays, festivals). */
  holidays: z
    .array(isoDate)
    .max(200, 'At most 200 holidays')
    .refine(unique, 'A holiday is listed twice')
    .default(['2026-01-26', '2026-08-15', '2026-10-02', '2027-01-26', '2027-08-15', '2027-10-02']),
  /** Zones, most precise first: a PIN prefix zone before a state's. */
  zones: z
    .array(deliveryZone)
    .max(50, 'At most 50 zones')
    .refine((zones) => unique(zones.map((z) => z.name.toLowerCase())), 'Two zones have one name')
    .default(DEFAULT_DELIVERY_ZONES),
  /** Every other PIN in India: delivered (in these days) or not served. */
  elsewhere: z
    .object({
      serviceable: z.boolean(),
      minDays: days('Fastest delivery'),
      maxDays: days('Slowest delivery'),
      cod: z.boolean(),
    })
    .refine((z) => z.minDays <= z.maxDays, {
      path: ['maxDays'],
      message: 'The slowest delivery cannot be sooner than the fastest',
    })
    .default({ serviceable: true, minDays: 3, maxDays: 6, cod: true }),
};
export const deliverySettings = z.object(deliveryFields).meta({ id: 'DeliverySettings' });
export type DeliverySettings = z.infer<typeof deliverySettings>;

const codFields = {
  enabled: z.boolean().default(true),
  /** Added to a cash-on-delivery order's amount. */
  feePaise: settingPaise('COD fee').default(4000),
  /** Offered for orders whose items come to at least … */
  minOrderPaise: settingPaise('Smallest COD order').default(0),
  /** … and at most this. */
  maxOrderPaise: settingPaise('Largest COD order').default(5_000_00),
  /** PIN codes or their prefixes without COD (zones have their own switch). */
  excludedPinPrefixes: z
    .array(pinPrefix)
    .max(1000, 'At most 1,000 PIN prefixes')
    .refine(unique, 'A PIN prefix is listed twice')
    .default([]),
  /** COD orders a customer may have open (not yet collected, returned or cancelled). */
  maxOpenOrders: z
    .number({ error: 'Enter a number of orders' })
    .int('Enter a whole number of orders')
    .min(1, 'Allow at least 1 open COD order')
    .max(20, 'At most 20 open COD orders')
    .default(2),
  /** After this many parcels returned unpaid, the customer no longer gets COD. */
  maxReturnedUnpaid: z
    .number({ error: 'Enter a number of parcels' })
    .int('Enter a whole number of parcels')
    .min(1, 'At least 1 parcel')
    .max(20, 'At most 20 parcels')
    .default(2),
};
export const codSettings = z
  .object(codFields)
  .refine((c) => c.minOrderPaise <= c.maxOrderPaise, {
    path: ['maxOrderPaise'],
    message: 'The largest COD order cannot be below the smallest',
  })
  .meta({ id: 'CodSettings' });
export type CodSettings = z.infer<typeof codSettings>;

const reviewsFields = {
  /** A review using one of these words (whole words, any case) waits for the admin. */
  heldWords: z
    .array(
      z
        .string({ error: 'A held word must be text' })
        .trim()
        .min(1, 'A held word cannot be empty')
        .max(40, 'A held word is at most 40 characters'),
    )
    .max(500, 'At most 500 held words')
    .default([]),
  /** The review-request mail goes this many days after the order was delivered. */
  requestDays: z
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day after delivery')
    .max(60, 'At most 60 days after delivery')
    .default(DEFAULT_REVIEW_REQUEST_DAYS),
};
/** Reviews: the words that hold a review for the admin, and when the review-request mail goes. */
export const reviewsSettings = z.object(reviewsFields).meta({ id: 'ReviewsSettings' });
export type ReviewsSettings = z.infer<typeof reviewsSettings>;

/** An email address, or '' while it is not set. */
const optionalEmail = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .toLowerCase()
    .max(TEXT_LIMITS.email, tooLong(label, TEXT_LIMITS.email))
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address');

/** A phone number to call (rules/contact: isIndianPhone), or '' while it is not set. */
const optionalPhone = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(TEXT_LIMITS.phone, tooLong(label, TEXT_LIMITS.phone))
    .refine(
      (v) => v === '' || isIndianPhone(v),
      'Enter an Indian phone number: a mobile, a landline with its area code, or 1800…',
    );

/**
 * The shop's own details, shown on the Contact, Terms, Shipping and Returns pages and in mails:
 * how to reach the shop, the grievance officer India's e-commerce rules require, and the return
 * window. Who sells (the legal name, address and GSTIN) is the GST section's, as its invoices
 * name it. Every text starts empty: a page shows an empty one as "not set yet" until the admin
 * fills it in.
 */
const shopFields = {
  phone: optionalPhone('Phone').default(''),
  email: optionalEmail('Email').default(''),
  /** When the phone and email are answered: "Monday to Saturday, 10 am to 7 pm". */
  supportHours: optionalText('Support hours', 120),
  grievanceOfficerName: optionalText('Grievance officer', 80),
  grievanceOfficerDesignation: optionalText('Designation', 80),
  grievanceOfficerEmail: optionalEmail('Grievance officer email').default(''),
  grievanceOfficerPhone: optionalPhone('Grievance officer phone').default(''),
  /** Days after delivery a T-shirt may be sent back (0: no returns, only exchanges of faults). */
  returnDays: z
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(0, 'Enter 0 or more days')
    .max(30, 'At most 30 days')
    .default(7),
};
export const shopSettings = z.object(shopFields).meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof shopSettings>;

const returnsFields = {
  exchangesOffered: z.boolean().default(true),
  returnsOffered: z.boolean().default(true),
  /** Products that cannot be exchanged or returned (by id). */
  nonReturnableProducts: z
    .array(objectId)
    .max(1000, 'At most 1,000 products')
    .refine(unique, 'A product is listed twice')
    .default([]),
  /** Categories whose products cannot be exchanged or returned (by id). */
  nonReturnableCategories: z
    .array(objectId)
    .max(200, 'At most 200 categories')
    .refine(unique, 'A category is listed twice')
    .default([]),
};
/**
 * Returns and exchanges: what is offered and what cannot come back. The window is the shop
 * section's `returnDays`, the one the Returns page states.
 */
export const returnsSettings = z.object(returnsFields).meta({ id: 'ReturnsSettings' });
export type ReturnsSettings = z.infer<typeof returnsSettings>;

/**
 * Every section: its title (the admin's page), its schema (full, with defaults), its fields
 * (the same, before the refinements across fields) and what of it the storefront may read
 * (`GET /api/settings/public`; `z.object({})` for nothing).
 */
export const SETTINGS_SECTIONS = {
  delivery: {
    title: 'Delivery',
    schema: deliverySettings,
    fields: deliveryFields,
    public: z.object({
      feePaise: deliveryFields.feePaise,
      freeFromPaise: deliveryFields.freeFromPaise,
      // The Shipping and Delivery page says when parcels leave and how long they take.
      cutoff: deliveryFields.cutoff,
      dispatchDays: deliveryFields.dispatchDays,
      zones: deliveryFields.zones,
      elsewhere: deliveryFields.elsewhere,
    }),
  },
  cod: {
    title: 'Cash on delivery',
    schema: codSettings,
    fields: codFields,
    public: z.object({
      enabled: codFields.enabled,
      feePaise: codFields.feePaise,
      minOrderPaise: codFields.minOrderPaise,
      maxOrderPaise: codFields.maxOrderPaise,
    }),
  },
  reviews: {
    title: 'Reviews',
    schema: reviewsSettings,
    fields: reviewsFields,
    public: z.object({}),
  },
  shop: {
    title: 'Shop details',
    schema: shopSettings,
    fields: shopFields,
    // Every detail is for shoppers: the launch pages and mails show them.
    public: shopSettings,
  },
  gst: {
    title: 'GST and invoices',
    schema: gstSettings,
    fields: gstSettingsFields,
    // Who sells, as on its invoices: the launch pages name the seller (India's e-commerce rules).
    public: z.object({
      legalName: gstSettingsFields.legalName,
      address: gstSettingsFields.address,
      state: gstSettingsFields.state,
      gstin: gstSettingsFields.gstin,
    }),
  },
  returns: {
    title: 'Returns and exchanges',
    schema: returnsSettings,
    fields: returnsFields,
    public: z.object({
      exchangesOffered: returnsFields.exchangesOffered,
      returnsOffered: returnsFields.returnsOffered,
    }),
  },
} as const;

type Sections = typeof SETTINGS_SECTIONS;
export type SettingsSection = keyof Sections;
export type SettingsValue<S extends SettingsSection> = z.output<Sections[S]['schema']>;
export type PublicSettingsValue<S extends SettingsSection> = z.output<Sections[S]['public']>;
export const SETTINGS_SECTION_NAMES = Object.keys(SETTINGS_SECTIONS) as [
  SettingsSection,
  ...SettingsSection[],
];

/** A section's fields with their defaults taken off: a field left out of an update is unchanged. */
function withoutDefaults(fields: Record<string, z.ZodType>): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional(),
    ]),
  );
}

/**
 * What `PUT /api/admin/settings/{section}` takes: any of the section's fields (those sent
 * replace the stored ones, the others stay); an unknown field is refused.
 */
export const settingsUpdateBody = <S extends SettingsSection>(section: S) =>
  z.strictObject(withoutDefaults(SETTINGS_SECTIONS[section].fields));

export const settingsSectionParams = z.object({
  section: z.enum(SETTINGS_SECTION_NAMES, { error: 'No such settings section' }),
});

/** Who saved a section last (an admin's account and name then). */
export const settingsAuthor = z.object({ _id: objectId, name: z.string() });

/** A section as the admin reads it: its value (defaults where never saved), when and by whom. */
const sectionRecord = <T extends z.ZodType>(value: T) =>
  z.object({
    value,
    /** null: never saved, the defaults apply. */
    updatedAt: z.string().nullable(),
    updatedBy: settingsAuthor.nullable(),
  });
export interface SettingsRecord<T> {
  value: T;
  updatedAt: string | null;
  updatedBy: { _id: string; name: string } | null;
}
export type AdminSettings = { [S in SettingsSection]: SettingsRecord<SettingsValue<S>> };
export type PublicSettings = { [S in SettingsSection]: PublicSettingsValue<S> };

const eachSection = (make: (section: SettingsSection) => z.ZodType) =>
  z.object(Object.fromEntries(SETTINGS_SECTION_NAMES.map((s) => [s, make(s)])));

export const adminSettingsResponse = z
  .object({
    success: z.boolean(),
    settings: eachSection((s) => sectionRecord(SETTINGS_SECTIONS[s].schema)),
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettingsResponse = { success: boolean; settings: AdminSettings };

export const updateSettingsResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  section: z.enum(SETTINGS_SECTION_NAMES),
  settings: sectionRecord(z.union(SETTINGS_SECTION_NAMES.map((s) => SETTINGS_SECTIONS[s].schema))),
});
export type UpdateSettingsResponse<S extends SettingsSection = SettingsSection> = {
  success: boolean;
  message: string;
  section: S;
  settings: SettingsRecord<SettingsValue<S>>;
};

export const publicSettingsResponse = z
  .object({
    success: z.boolean(),
    settings: eachSection((s) => SETTINGS_SECTIONS[s].public),
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettingsResponse = { success: boolean; settings: PublicSettings };
