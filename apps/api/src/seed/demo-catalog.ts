/**
 * The demo catalog: 7 categories and 41 T-shirts with prices over every price filter
 * (PRICE_RANGES; a few exactly on a bound: 400, 700, 1500), each in two to four colours, each
 * colour made in realistic sizes with its own stock per size (a few sizes sold out, in one colour
 * or in all, a few low, one T-shirt sold out in every colour and size), and three or four
 * generated pictures per colour (demo-pictures.ts, tshirt-art.ts). Descriptions name no fabric
 * colour: the swatches say which colours a T-shirt comes in.
 */
import { SIZES, type Size, type SizeStock } from '@repo/shared';
import { inkOn, type TshirtArt } from './tshirt-art.js';

export const DEMO_CATEGORIES = [
  'Anime',
  'Music & Bands',
  'Minimal',
  'Quotes & Typography',
  'Retro & Vintage',
  'Sports',
  'Nature',
] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];

/** A colour a demo T-shirt comes in: its fabric's, with the print drawn on it and its stock. */
export interface DemoColour {
  name: string;
  /** `#RRGGBB`, upper case, as the shop stores it. */
  hex: string;
  /** The sizes it is made in, in the shop's order (SIZES), each with its own stock. */
  sizes: SizeStock[];
  /** The picture: the T-shirt in this fabric, the print's inks readable on it. */
  art: TshirtArt;
}

export interface DemoProduct {
  name: string;
  category: DemoCategory;
  description: string;
  price: number;
  /** The total stock: always the sum over its colours and sizes. */
  quantity: number;
  /** Per size, the sum over its colours (as the shop stores `sizes`). */
  sizes: SizeStock[];
  shipping: boolean;
  /** The first is the colour it came in before colours existed (a stored one is named after it). */
  colours: DemoColour[];
}

/**
 * A T-shirt as written below: its first colour (the art's fabric) with its stock and any size
 * sold out in it.
 */
interface DemoTee extends Omit<DemoProduct, 'sizes' | 'colours'> {
  art: TshirtArt;
  soldOut?: Size[];
}

/** The two cuts: a regular fit in XS–XXL and, for every third T-shirt, a relaxed one in S–3XL. */
const REGULAR = SIZES.slice(0, 6);
const RELAXED = SIZES.slice(1);

/** How a shop spreads a T-shirt's stock over its sizes: most in M and L, least at the ends. */
const SIZE_WEIGHT: Record<Size, number> = { XS: 2, S: 4, M: 6, L: 6, XL: 4, XXL: 2, '3XL': 1 };

/**
 * Splits `total` over `sizes` by their weights (largest remainder, a tie going to the smaller
 * size): no randomness, so every seed gives the same catalog, and the sizes always add up to
 * the total. A small total leaves the end sizes at 0; a size in `soldOut` gets none.
 */
function splitStock(total: number, sizes: readonly Size[], soldOut: readonly Size[]): SizeStock[] {
  const stocked = sizes.filter((s) => !soldOut.includes(s));
  const weight = stocked.reduce((sum, s) => sum + SIZE_WEIGHT[s], 0);
  const shares = stocked.map((size) => {
    const exact = (total * SIZE_WEIGHT[size]) / weight;
    return { size, quantity: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  const left = total - shares.reduce((sum, s) => sum + s.quantity, 0);
  for (const share of [...shares].sort((a, b) => b.rest - a.rest).slice(0, left))
    share.quantity += 1;
  return sizes.map((size) => ({
    size,
    quantity: shares.find((s) => s.size === size)?.quantity ?? 0,
  }));
}

// Fabric colours.
const WHITE = '#f5f5f2';
const BLACK = '#1e1e21';
const NAVY = '#1f2a44';
const GREY = '#9c9ea3';
const MAROON = '#6d1f2b';
const MUSTARD = '#d9a21b';
const FOREST = '#2f4f3a';
const SKY = '#8ec5e8';
const PINK = '#f4b6c2';
const OLIVE = '#6b6b3a';
const CREAM = '#efe6d2';
const TEAL = '#1f6f78';
const RED = '#b3262e';
const LAVENDER = '#b9a8d9';
const SAND = '#d8c3a0';
const CHARCOAL = '#3a3b3f';
const ORANGE = '#e2712a';
const BOTTLE_GREEN = '#1f4a3b';

/** What shoppers call each fabric colour. */
const FABRIC_NAMES: Record<string, string> = {
  [WHITE]: 'White',
  [BLACK]: 'Black',
  [NAVY]: 'Navy',
  [GREY]: 'Heather Grey',
  [MAROON]: 'Maroon',
  [MUSTARD]: 'Mustard',
  [FOREST]: 'Forest Green',
  [SKY]: 'Sky Blue',
  [PINK]: 'Pink',
  [OLIVE]: 'Olive',
  [CREAM]: 'Cream',
  [TEAL]: 'Teal',
  [RED]: 'Red',
  [LAVENDER]: 'Lavender',
  [SAND]: 'Sand',
  [CHARCOAL]: 'Charcoal',
  [ORANGE]: 'Orange',
  [BOTTLE_GREEN]: 'Bottle Green',
};

const TEES: DemoTee[] = [
  // Anime
  {
    name: 'Sakura Drift Tee',
    category: 'Anime',
    description:
      'Cherry blossoms drifting across a rising sun, on soft cotton. A spring classic that goes with everything.',
    price: 549,
    quantity: 34,
    shipping: true,
    art: { fabric: WHITE, motif: 'sakura', ink: ['#e94f64', '#ffd6df', '#ffb3c4', '#4a2c2a'] },
  },
  {
    name: 'Neko Ramen Tee',
    category: 'Anime',
    description:
      'A sleepy cat who dreams of ramen, printed in warm tones for anyone who naps after lunch.',
    price: 399,
    quantity: 48,
    shipping: false,
    art: { fabric: CREAM, motif: 'neko', ink: ['#3b3b3b', '#f29fb0', '#f6c453', '#f5f5f2'] },
  },
  {
    name: 'Shonen Spirit Tee',
    category: 'Anime',
    description:
      'Speed lines, a burst and one loud word: the first page of every great fight scene.',
    price: 899,
    quantity: 22,
    shipping: true,
    art: {
      fabric: BLACK,
      motif: 'burst',
      ink: ['#f2c230', '#e5462e', '#ffffff', '#1e1e21'],
      text: ['POW!'],
    },
  },
  {
    name: 'Kitsune Moon Tee',
    category: 'Anime',
    description:
      'A full moon over drifting clouds, inspired by fox-spirit folk tales. Made for late nights.',
    price: 1299,
    quantity: 0,
    shipping: true,
    art: { fabric: NAVY, motif: 'moon', ink: ['#2d3b66', '#f7e8b5', '#e9eef7'] },
  },
  {
    name: 'Mecha Pilot Tee',
    category: 'Anime',
    description:
      'A cockpit visor with a targeting reticle and HUD ticks. For pilots of giant robots and very tall office chairs.',
    price: 1599,
    quantity: 15,
    shipping: true,
    art: {
      fabric: GREY,
      motif: 'visor',
      ink: ['#2b2d42', '#5ce1e6', '#f2f2f2'],
      text: ['UNIT-01'],
    },
  },
  {
    name: 'Starry Eyes Tee',
    category: 'Anime',
    description:
      'A big sparkling anime eye with violet depths and twinkling highlights. Main-character energy.',
    price: 749,
    quantity: 27,
    shipping: false,
    art: { fabric: LAVENDER, motif: 'eye', ink: ['#6a4bc4', '#f06fb0', '#ffffff'] },
  },

  // Music & Bands
  {
    name: 'Vinyl Sunday Tee',
    category: 'Music & Bands',
    description:
      'A spinning record with a two-tone label and the tonearm dropping in. For slow Sundays and B-sides.',
    price: 699,
    quantity: 40,
    shipping: true,
    art: { fabric: MUSTARD, motif: 'vinyl', ink: ['#e5462e', '#f5f5f2', '#1e1e21'] },
  },
  {
    name: "Mixtape '94 Tee",
    category: 'Music & Bands',
    description: 'The cassette you made for someone and never gave them, as a retro tape print.',
    price: 849,
    quantity: 19,
    shipping: true,
    art: {
      fabric: TEAL,
      motif: 'cassette',
      ink: ['#f2e9d8', '#f29e4c', '#e5462e'],
      text: ["MIXTAPE '94"],
    },
  },
  {
    name: 'Bass Drop Tee',
    category: 'Music & Bands',
    description:
      'An equalizer at full volume in neon magenta and cyan. Made for festivals, late nights and loud headphones.',
    price: 349,
    quantity: 56,
    soldOut: ['M'],
    shipping: false,
    art: { fabric: BLACK, motif: 'equalizer', ink: ['#ff3d81', '#3de0ff', '#f5f5f2'] },
  },
  {
    name: 'Jazz Club Noir Tee',
    category: 'Music & Bands',
    description:
      'Ivory keys and a smoky script, like the sign outside a basement club at midnight.',
    price: 1450,
    quantity: 12,
    shipping: true,
    art: {
      fabric: CHARCOAL,
      motif: 'keys',
      ink: ['#f2ede3', '#1a1a1a', '#e0b65a'],
      text: ['JAZZ', 'CLUB NOIR'],
    },
  },
  {
    name: 'Garage Band Tour Tee',
    category: 'Music & Bands',
    description:
      'The world tour your garage band deserved: bold lettering, three stars and a tour that never left town.',
    price: 1799,
    quantity: 9,
    shipping: true,
    art: {
      fabric: MAROON,
      motif: 'tour',
      ink: ['#f5efe2', '#f2c230', '#e6a4a4'],
      text: ['GARAGE', 'BAND', 'WORLD TOUR'],
    },
  },
  {
    name: 'Sound Wave Tee',
    category: 'Music & Bands',
    description:
      'Three layered sound waves, calm as the sea at dawn. A quiet print for people who love loud music.',
    price: 250,
    quantity: 61,
    shipping: false,
    art: { fabric: WHITE, motif: 'soundwave', ink: ['#1f4e8c', '#3aa7d9', '#8fd3e8'] },
  },

  // Minimal
  {
    name: 'Single Line Tee',
    category: 'Minimal',
    description:
      'One unbroken line that wanders across the chest and ends in a dot. Less print, more tee.',
    price: 199,
    quantity: 75,
    shipping: false,
    art: { fabric: WHITE, motif: 'line', ink: ['#1e1e21', '#e5462e'] },
  },
  {
    name: 'Bauhaus Shapes Tee',
    category: 'Minimal',
    description:
      'Square, circle and triangle in primary colours, straight out of a 1920s design school.',
    price: 1100,
    quantity: 18,
    shipping: true,
    art: { fabric: CREAM, motif: 'bauhaus', ink: ['#d63a2f', '#1f4e8c', '#f2b705', '#1e1e21'] },
  },
  {
    name: 'Tiny Planet Tee',
    category: 'Minimal',
    description:
      'A small ringed planet where a pocket would be. Subtle enough for the office, nerdy enough for you.',
    price: 375,
    quantity: 44,
    shipping: false,
    art: { fabric: BLACK, motif: 'planet', ink: ['#f2b705', '#e5462e', '#f5f5f2'] },
  },
  {
    name: 'Pocket Sun Tee',
    category: 'Minimal',
    description: 'A little sun on the chest, in sunflower yellow. Wear it on cloudy days.',
    price: 299,
    quantity: 3,
    shipping: false,
    art: { fabric: SAND, motif: 'pocket-sun', ink: ['#e5462e', '#f2b705'] },
  },
  {
    name: 'Dot Matrix Tee',
    category: 'Minimal',
    description:
      'A grid of dots that swell and shrink like a wave, with a few in tangerine to keep you guessing.',
    price: 1350,
    quantity: 14,
    shipping: true,
    art: { fabric: NAVY, motif: 'dots', ink: ['#e9eef7', '#f29e4c'] },
  },
  {
    name: 'Horizon Tee',
    category: 'Minimal',
    description: 'Half a sun on a single horizon line, and the ripples below. A calm print.',
    price: 650,
    quantity: 31,
    shipping: true,
    art: { fabric: GREY, motif: 'horizon', ink: ['#1e1e21', '#f29e4c'] },
  },

  // Quotes & Typography
  {
    name: 'Stay Curious Tee',
    category: 'Quotes & Typography',
    description: 'Two words to live by, set big and bold. Ask questions, take things apart.',
    price: 400,
    quantity: 52,
    shipping: false,
    art: {
      fabric: BLACK,
      motif: 'quote',
      ink: ['#f5f5f2', '#f2c230', '#f2c230'],
      text: ['STAY', 'CURIOUS'],
    },
  },
  {
    name: 'Chai Over Coffee Tee',
    category: 'Quotes & Typography',
    description: 'Settle the debate once and for all, in cardamom-brown lettering.',
    price: 549,
    quantity: 38,
    shipping: true,
    art: {
      fabric: CREAM,
      motif: 'quote',
      ink: ['#6b3e26', '#c46a2b', '#6b3e26'],
      text: ['CHAI', '>', 'COFFEE'],
    },
  },
  {
    name: 'Do Epic Stuff Tee',
    category: 'Quotes & Typography',
    description: 'A reminder in capital letters for Monday mornings, in bold block type.',
    price: 799,
    quantity: 26,
    shipping: true,
    art: {
      fabric: RED,
      motif: 'quote',
      ink: ['#f5f5f2', '#1e1e21', '#f2c230'],
      text: ['DO', 'EPIC', 'STUFF'],
    },
  },
  {
    name: 'Good Vibes Only Tee',
    category: 'Quotes & Typography',
    description: 'Sunny seventies lettering. Certified to improve any room you walk into.',
    price: 999,
    quantity: 21,
    soldOut: ['M', 'L'],
    shipping: true,
    art: {
      fabric: PINK,
      motif: 'quote',
      ink: ['#8c2f5a', '#e5462e', '#f2b705'],
      text: ['GOOD', 'VIBES', 'ONLY'],
    },
  },
  {
    name: 'Main Character Energy Tee',
    category: 'Quotes & Typography',
    description: 'For people whose life has a soundtrack. Stacked type with a splash of coral.',
    price: 1199,
    quantity: 17,
    shipping: true,
    art: {
      fabric: WHITE,
      motif: 'quote',
      ink: ['#1e1e21', '#ef6b57', '#ef6b57'],
      text: ['MAIN', 'CHARACTER', 'ENERGY'],
    },
  },
  {
    name: 'Hustle Quietly Tee',
    category: 'Quotes & Typography',
    description: 'Let the work do the talking. Muted type on a soft combed cotton.',
    price: 1999,
    quantity: 2,
    shipping: true,
    art: {
      fabric: OLIVE,
      motif: 'quote',
      ink: ['#efe6d2', '#d9c89e', '#efe6d2'],
      text: ['HUSTLE', 'QUIETLY'],
    },
  },

  // Retro & Vintage
  {
    name: 'Sunset Boulevard Tee',
    category: 'Retro & Vintage',
    description:
      'A striped eighties sunset with a lone palm, in tangerine and magenta. Cruise-ready.',
    price: 700,
    quantity: 29,
    shipping: true,
    art: { fabric: NAVY, motif: 'sunset', ink: ['#f7d046', '#f2784b', '#d6336c', '#f5efe2'] },
  },
  {
    name: 'Arcade Champion Tee',
    category: 'Retro & Vintage',
    description: 'A pixel invader and a high score nobody will ever beat, glowing like an old CRT.',
    price: 1250,
    quantity: 16,
    shipping: true,
    art: { fabric: BLACK, motif: 'invader', ink: ['#4cd964', '#f2c230'] },
  },
  {
    name: "Rainbow '78 Tee",
    category: 'Retro & Vintage',
    description: 'Four chunky rainbow stripes straight off a seventies van, in warm colours.',
    price: 599,
    quantity: 35,
    shipping: false,
    art: { fabric: CREAM, motif: 'rainbow', ink: ['#d94f30', '#f29e4c', '#f2c230', '#5a9e6f'] },
  },
  {
    name: 'Checkerboard Skate Tee',
    category: 'Retro & Vintage',
    description: 'Checkerboard band and italic lettering from the old-school skate park.',
    price: 349,
    quantity: 42,
    shipping: false,
    art: {
      fabric: WHITE,
      motif: 'checker',
      ink: ['#1e1e21', '#e5462e'],
      text: ['SKATE', 'OR DIE'],
    },
  },
  {
    name: 'Retro Racer Tee',
    category: 'Retro & Vintage',
    description: 'Twin racing stripes and a number roundel from a sixties grand prix.',
    price: 1500,
    quantity: 11,
    shipping: true,
    art: {
      fabric: ORANGE,
      motif: 'racer',
      ink: ['#1f2a44', '#f5efe2', '#f5efe2'],
      text: ['27', 'GRAND PRIX'],
    },
  },
  {
    name: 'Polaroid Summer Tee',
    category: 'Retro & Vintage',
    description: 'An instant photo of a summer evening: sun, sea and three gulls, tilted just so.',
    price: 2199,
    quantity: 2,
    shipping: true,
    art: { fabric: SKY, motif: 'polaroid', ink: ['#f7b267', '#f4845f', '#fce38a', '#2a6f97'] },
  },

  // Sports
  {
    name: 'Cricket Fever Tee',
    category: 'Sports',
    description:
      'A leather ball with its stitched seam and a willow bat. For every street, maidan and stadium.',
    price: 375,
    quantity: 58,
    soldOut: ['L'],
    shipping: false,
    art: { fabric: WHITE, motif: 'cricket', ink: ['#b3262e', '#f5f5f2', '#d9b382', '#1f2a44'] },
  },
  {
    name: 'Hoops Tee',
    category: 'Sports',
    description: 'A basketball with a bold slogan underneath. Court-ready and made to move.',
    price: 899,
    quantity: 24,
    shipping: true,
    art: {
      fabric: NAVY,
      motif: 'hoops',
      ink: ['#f27d26', '#1e1e21', '#f5f5f2'],
      text: ['BALL IS LIFE'],
    },
  },
  {
    name: 'Marathon Miles Tee',
    category: 'Sports',
    description: 'The distance that matters, and the road that leads there. Light and breathable.',
    price: 1050,
    quantity: 20,
    shipping: true,
    art: {
      fabric: SKY,
      motif: 'marathon',
      ink: ['#1f2a44', '#1f2a44', '#3a3b3f', '#f5f5f2'],
      text: ['42.195', 'KILOMETRES'],
    },
  },
  {
    name: 'Football Club Crest Tee',
    category: 'Sports',
    description: 'A proud club crest with a star for the title you will win this season.',
    price: 1699,
    quantity: 13,
    shipping: true,
    art: {
      fabric: FOREST,
      motif: 'crest',
      ink: ['#f2c230', '#2f4f3a', '#f5f5f2'],
      text: ['FC', 'EST. 1998'],
    },
  },
  {
    name: 'Jersey Number 10 Tee',
    category: 'Sports',
    description: 'The playmaker number, huge on the chest, with CAPTAIN across the top.',
    price: 650,
    quantity: 33,
    shipping: false,
    art: { fabric: RED, motif: 'jersey', ink: ['#f5f5f2', '#f2c230'], text: ['CAPTAIN', '10'] },
  },

  // Nature
  {
    name: 'Mountain Calling Tee',
    category: 'Nature',
    description: 'Snow-capped peaks, a low sun and a line of pines inside a round badge.',
    price: 799,
    quantity: 30,
    shipping: true,
    art: { fabric: FOREST, motif: 'mountains', ink: ['#f4d8a8', '#5c7c8a', '#f29e4c', '#22372b'] },
  },
  {
    name: 'Ocean Waves Tee',
    category: 'Nature',
    description: 'Rolling waves under a warm sun. Smells faintly of sea salt (it does not).',
    price: 550,
    quantity: 37,
    shipping: false,
    art: { fabric: WHITE, motif: 'waves', ink: ['#1f6f78', '#3aa7a0', '#dff3f0', '#f29e4c'] },
  },
  {
    name: 'Monstera Leaf Tee',
    category: 'Nature',
    description: 'A big split monstera leaf. For plant parents with too many plants.',
    price: 1399,
    quantity: 15,
    shipping: true,
    art: { fabric: CREAM, motif: 'leaf', ink: ['#2f7d4a', '#1f5233', '#efe6d2'] },
  },
  {
    name: 'Night Sky Tee',
    category: 'Nature',
    description: 'A constellation, stardust and a crescent moon in gold. Limited run.',
    price: 2499,
    quantity: 1,
    shipping: true,
    art: { fabric: NAVY, motif: 'constellation', ink: ['#f7e8b5', '#c9d6ea', '#f2c230'] },
  },
  {
    name: 'Pine Forest Tee',
    category: 'Nature',
    description: 'Five pines of different heights, like a walk in the hills.',
    price: 400,
    quantity: 46,
    shipping: false,
    art: { fabric: GREY, motif: 'pines', ink: ['#1f5233', '#2f7d4a', '#3a2a1e'] },
  },
  {
    name: 'Desert Bloom Tee',
    category: 'Nature',
    description: 'A saguaro cactus in flower against a terracotta sun. Warm, soft and easy.',
    price: 1150,
    quantity: 19,
    shipping: true,
    art: { fabric: SAND, motif: 'cactus', ink: ['#3f7d52', '#f06fb0', '#e07a4f', '#7a4a2a'] },
  },
];

/** Another colour of a T-shirt: its fabric, its stock in all, and any size sold out in it. */
type MoreColour = [fabric: string, quantity: number, soldOut?: Size[]];

/**
 * Each T-shirt's other colours, after the one it is written in above: every T-shirt comes in
 * two to four. Each colour's stock is its own: a size can be sold out in one colour and left in
 * another (Good Vibes Only in M and L, Cricket Fever in L), gone in every colour (Bass Drop in
 * M), or a whole colour sold out beside others in stock (Pocket Sun in Sky Blue).
 */
const MORE_COLOURS: Record<string, MoreColour[]> = {
  'Sakura Drift Tee': [
    [BLACK, 24],
    [NAVY, 12, ['XS']],
  ],
  'Neko Ramen Tee': [
    [BLACK, 20],
    [PINK, 10, ['S']],
  ],
  'Shonen Spirit Tee': [
    [WHITE, 14],
    [RED, 8, ['XS']],
  ],
  'Kitsune Moon Tee': [[WHITE, 0]],
  'Mecha Pilot Tee': [
    [BLACK, 10],
    [CHARCOAL, 6, ['3XL']],
  ],
  'Starry Eyes Tee': [
    [WHITE, 12],
    [BLACK, 10],
  ],
  'Vinyl Sunday Tee': [
    [BLACK, 22],
    [BOTTLE_GREEN, 14],
    [WHITE, 10, ['S']],
  ],
  "Mixtape '94 Tee": [
    [BLACK, 14],
    [CREAM, 9, ['L']],
  ],
  'Bass Drop Tee': [
    [NAVY, 20, ['M']],
    [CHARCOAL, 14, ['M']],
  ],
  'Jazz Club Noir Tee': [
    [BLACK, 10],
    [MAROON, 6],
  ],
  'Garage Band Tour Tee': [
    [BLACK, 8],
    [WHITE, 6, ['L']],
  ],
  'Sound Wave Tee': [
    [SKY, 18],
    [CHARCOAL, 12],
  ],
  'Single Line Tee': [
    [BLACK, 30],
    [SAND, 14],
    [OLIVE, 10, ['M']],
  ],
  'Bauhaus Shapes Tee': [
    [WHITE, 10],
    [BLACK, 8],
  ],
  'Tiny Planet Tee': [
    [NAVY, 18],
    [MAROON, 10, ['L']],
  ],
  'Pocket Sun Tee': [[SKY, 0]],
  'Dot Matrix Tee': [
    [BLACK, 10],
    [TEAL, 8],
  ],
  'Horizon Tee': [
    [WHITE, 12],
    [SAND, 10, ['XS']],
  ],
  'Stay Curious Tee': [
    [WHITE, 24],
    [NAVY, 18],
    [MAROON, 12],
  ],
  'Chai Over Coffee Tee': [
    [WHITE, 18],
    [MUSTARD, 10],
  ],
  'Do Epic Stuff Tee': [
    [BLACK, 14],
    [NAVY, 10],
  ],
  'Good Vibes Only Tee': [
    [WHITE, 15],
    [LAVENDER, 9],
  ],
  'Main Character Energy Tee': [
    [BLACK, 12],
    [PINK, 8],
  ],
  'Hustle Quietly Tee': [[BLACK, 1]],
  'Sunset Boulevard Tee': [
    [BLACK, 16],
    [WHITE, 8, ['S']],
  ],
  'Arcade Champion Tee': [
    [CHARCOAL, 10],
    [NAVY, 6],
  ],
  "Rainbow '78 Tee": [
    [WHITE, 16],
    [BLACK, 10],
  ],
  'Checkerboard Skate Tee': [
    [BLACK, 20],
    [RED, 8],
  ],
  'Retro Racer Tee': [
    [WHITE, 8],
    [NAVY, 6],
  ],
  'Polaroid Summer Tee': [[WHITE, 1]],
  'Cricket Fever Tee': [
    [NAVY, 22],
    [SKY, 14, ['L']],
  ],
  'Hoops Tee': [
    [BLACK, 12],
    [WHITE, 8],
  ],
  'Marathon Miles Tee': [
    [WHITE, 10],
    [GREY, 8],
  ],
  'Football Club Crest Tee': [
    [NAVY, 8],
    [BLACK, 6],
  ],
  'Jersey Number 10 Tee': [
    [NAVY, 15],
    [WHITE, 10, ['XL']],
  ],
  'Mountain Calling Tee': [
    [NAVY, 14],
    [CHARCOAL, 10],
  ],
  'Ocean Waves Tee': [
    [SKY, 15],
    [TEAL, 8],
  ],
  'Monstera Leaf Tee': [
    [WHITE, 8],
    [BOTTLE_GREEN, 6],
  ],
  'Night Sky Tee': [
    [BLACK, 1],
    [CHARCOAL, 0],
  ],
  'Pine Forest Tee': [
    [SAND, 16],
    [CREAM, 10],
  ],
  'Desert Bloom Tee': [
    [WHITE, 10],
    [OLIVE, 6],
  ],
};

/** A colour of `tee` in `fabric`: the print's inks made readable on it (the first as designed). */
function colourOf(
  tee: DemoTee,
  sizes: readonly Size[],
  [fabric, quantity, soldOut = []]: MoreColour,
): DemoColour {
  const first = fabric === tee.art.fabric;
  return {
    name: FABRIC_NAMES[fabric]!,
    hex: fabric.toUpperCase(),
    sizes: splitStock(quantity, sizes, soldOut),
    art: { ...tee.art, fabric, ink: first ? tee.art.ink : inkOn(fabric, tee.art.ink) },
  };
}

export const DEMO_PRODUCTS: DemoProduct[] = TEES.map(({ soldOut = [], art, ...tee }, i) => {
  const made = i % 3 === 1 ? RELAXED : REGULAR;
  const colours = [
    [art.fabric, tee.quantity, soldOut] as MoreColour,
    ...(MORE_COLOURS[tee.name] ?? []),
  ].map((c) => colourOf({ ...tee, art }, made, c));
  const sizes = made.map((size) => ({
    size,
    quantity: colours.reduce((sum, c) => sum + c.sizes.find((s) => s.size === size)!.quantity, 0),
  }));
  return {
    ...tee,
    quantity: sizes.reduce((sum, s) => sum + s.quantity, 0),
    sizes,
    colours,
  };
});
