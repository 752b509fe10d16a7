/**
 * India's states and union territories, each with the first digits of its PIN codes (India
 * Post's PIN zones: the first digit is the region, the first two the postal circle, the first
 * three the sorting district). A PIN agrees with a state when it starts with one of the
 * state's prefixes. States and territories carved out of a larger circle have longer
 * prefixes inside its range (Goa's 403 in Maharashtra's 40–44, Uttarakhand's districts in Uttar
 * Pradesh's 20–28, Jharkhand's in Bihar's 80–85, Chandigarh's 16000–16003 in Punjab's 14–16,
 * Lakshadweep's 6825 in Kerala's 67–69, Puducherry's four enclaves in three states), so such a
 * PIN agrees with both, and the longer prefix says which is likelier. PINs starting with 9
 * belong to the Army Postal Service and are no state's.
 */

export interface IndianState {
  /** The name as addresses and the admin's zones write it. */
  name: string;
  kind: 'state' | 'union territory';
  pinPrefixes: readonly string[];
}

export const INDIAN_STATES = [
  { name: 'Andhra Pradesh', kind: 'state', pinPrefixes: ['51', '52', '53'] },
  { name: 'Arunachal Pradesh', kind: 'state', pinPrefixes: ['790', '791', '792'] },
  { name: 'Assam', kind: 'state', pinPrefixes: ['78'] },
  { name: 'Bihar', kind: 'state', pinPrefixes: ['80', '81', '82', '83', '84', '85'] },
  { name: 'Chhattisgarh', kind: 'state', pinPrefixes: ['49'] },
  { name: 'Goa', kind: 'state', pinPrefixes: ['403'] },
  { name: 'Gujarat', kind: 'state', pinPrefixes: ['36', '37', '38', '39'] },
  { name: 'Haryana', kind: 'state', pinPrefixes: ['12', '13'] },
  { name: 'Himachal Pradesh', kind: 'state', pinPrefixes: ['17'] },
  {
    name: 'Jharkhand',
    kind: 'state',
    pinPrefixes: [
      '814',
      '815',
      '816',
      '822',
      '825',
      '826',
      '827',
      '828',
      '829',
      '831',
      '832',
      '833',
      '834',
      '835',
    ],
  },
  { name: 'Karnataka', kind: 'state', pinPrefixes: ['56', '57', '58', '59'] },
  { name: 'Kerala', kind: 'state', pinPrefixes: ['67', '68', '69'] },
  { name: 'Madhya Pradesh', kind: 'state', pinPrefixes: ['45', '46', '47', '48'] },
  { name: 'Maharashtra', kind: 'state', pinPrefixes: ['40', '41', '42', '43', '44'] },
  { name: 'Manipur', kind: 'state', pinPrefixes: ['795'] },
  { name: 'Meghalaya', kind: 'state', pinPrefixes: ['793', '794'] },
  { name: 'Mizoram', kind: 'state', pinPrefixes: ['796'] },
  { name: 'Nagaland', kind: 'state', pinPrefixes: ['797', '798'] },
  { name: 'Odisha', kind: 'state', pinPrefixes: ['75', '76', '77'] },
  { name: 'Punjab', kind: 'state', pinPrefixes: ['14', '15', '16'] },
  { name: 'Rajasthan', kind: 'state', pinPrefixes: ['30', '31', '32', '33', '34'] },
  { name: 'Sikkim', kind: 'state', pinPrefixes: ['737'] },
  { name: 'Tamil Nadu', kind: 'state', pinPrefixes: ['60', '61', '62', '63', '64'] },
  { name: 'Telangana', kind: 'state', pinPrefixes: ['50'] },
  { name: 'Tripura', kind: 'state', pinPrefixes: ['799'] },
  {
    name: 'Uttar Pradesh',
    kind: 'state',
    pinPrefixes: ['20', '21', '22', '23', '24', '25', '26', '27', '28'],
  },
  {
    name: 'Uttarakhand',
    kind: 'state',
    pinPrefixes: ['248', '249', '263', '2447', '2461', '2462', '2463', '2464', '2476', '2625'],
  },
  { name: 'West Bengal', kind: 'state', pinPrefixes: ['70', '71', '72', '73', '74'] },
  { name: 'Andaman and Nicobar Islands', kind: 'union territory', pinPrefixes: ['744'] },
  {
    name: 'Chandigarh',
    kind: 'union territory',
    pinPrefixes: ['16000', '16001', '16002', '16003'],
  },
  {
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    kind: 'union territory',
    pinPrefixes: ['396193', '39621', '39622', '39623', '39624', '36252', '36254'],
  },
  { name: 'Delhi', kind: 'union territory', pinPrefixes: ['11'] },
  { name: 'Jammu and Kashmir', kind: 'union territory', pinPrefixes: ['18', '19'] },
  { name: 'Ladakh', kind: 'union territory', pinPrefixes: ['194'] },
  { name: 'Lakshadweep', kind: 'union territory', pinPrefixes: ['6825'] },
  {
    name: 'Puducherry',
    kind: 'union territory',
    pinPrefixes: ['60500', '60501', '6096', '67331', '533464'],
  },
] as const satisfies readonly IndianState[];

export type IndianStateName = (typeof INDIAN_STATES)[number]['name'];
export const INDIAN_STATE_NAMES = INDIAN_STATES.map((s) => s.name) as [
  IndianStateName,
  ...IndianStateName[],
];

/** India's time zone (no daylight saving): delivery dates and the dispatch cut-off are read in it. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const INDIA_UTC_OFFSET_MINUTES = 330;

/** 0 = Sunday … 6 = Saturday, as Date.getUTCDay counts. */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
