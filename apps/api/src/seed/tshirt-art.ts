/**
 * Product pictures for the demo catalog, drawn without any network: an SVG of a T-shirt in
 * its fabric colour on a soft studio backdrop, with a print chosen per product (a motif in
 * the product's inks, varied by a seed from its slug). sharp renders it like any upload.
 *
 * Prints are drawn in a 300×300 box (the chest); `tshirtSvg` places it on the shirt.
 */

export type Motif =
  | 'sakura'
  | 'neko'
  | 'burst'
  | 'moon'
  | 'visor'
  | 'eye'
  | 'vinyl'
  | 'cassette'
  | 'equalizer'
  | 'keys'
  | 'tour'
  | 'soundwave'
  | 'line'
  | 'bauhaus'
  | 'planet'
  | 'pocket-sun'
  | 'dots'
  | 'horizon'
  | 'quote'
  | 'sunset'
  | 'invader'
  | 'rainbow'
  | 'checker'
  | 'racer'
  | 'polaroid'
  | 'cricket'
  | 'hoops'
  | 'marathon'
  | 'crest'
  | 'jersey'
  | 'mountains'
  | 'waves'
  | 'leaf'
  | 'constellation'
  | 'pines'
  | 'cactus';

export interface TshirtArt {
  /** The fabric colour. */
  fabric: string;
  motif: Motif;
  /** Print colours, most important first (at least two). */
  ink: string[];
  /** Words for text prints (one line each). */
  text?: string[];
}

type Rng = () => number;
type Draw = (ink: string[], rng: Rng, text: string[]) => string;

/** A small deterministic generator (mulberry32) seeded from a string. */
export function seededRng(seed: string): Rng {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i += 1) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n: number) => Math.round(n * 10) / 10;
const ink = (list: string[], i: number) => list[i % list.length]!;

const SANS = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const MONO = 'DejaVu Sans Mono, Liberation Mono, monospace';

/**
 * A centred line of text sized to fit `width` (an estimate from the number of characters:
 * the renderer cannot measure text). `extra` adds attributes (rotation, letter-spacing…).
 */
function fitText(
  s: string,
  x: number,
  y: number,
  width: number,
  maxSize: number,
  fill: string,
  extra = '',
  font: { family?: string; weight?: string } = {},
): string {
  const size = Math.min(maxSize, width / (Math.max(s.length, 1) * 0.64));
  const face = `font-family="${font.family ?? SANS}" font-weight="${font.weight ?? 'bold'}"`;
  return `<text x="${x}" y="${r1(y)}" font-size="${r1(size)}" ${face} fill="${fill}" text-anchor="middle" ${extra}>${esc(s)}</text>`;
}

/** Points of a regular star. */
function star(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points = 5,
  rotate = -Math.PI / 2,
): string {
  const pts: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const a = rotate + (i * Math.PI) / points;
    pts.push(`${r1(cx + r * Math.cos(a))},${r1(cy + r * Math.sin(a))}`);
  }
  return pts.join(' ');
}

/** A five-petal blossom. */
function blossom(
  cx: number,
  cy: number,
  r: number,
  petal: string,
  heart: string,
  turn: number,
): string {
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = turn + (i * 72 * Math.PI) / 180;
    const px = cx + Math.cos(a) * r * 0.55;
    const py = cy + Math.sin(a) * r * 0.55;
    return `<ellipse cx="${r1(px)}" cy="${r1(py)}" rx="${r1(r * 0.5)}" ry="${r1(r * 0.36)}" transform="rotate(${r1((a * 180) / Math.PI)} ${r1(px)} ${r1(py)})" fill="${petal}"/>`;
  }).join('');
  return `${petals}<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.2)}" fill="${heart}"/>`;
}

/** A smooth wave across the box at height y. */
function wave(y: number, amp: number, length: number, phase: number, x0 = 0, x1 = 300): string {
  let d = `M ${x0} ${r1(y + Math.sin(phase) * amp)}`;
  for (let x = x0 + 10; x <= x1; x += 10)
    d += ` L ${x} ${r1(y + Math.sin(phase + (x / length) * Math.PI * 2) * amp)}`;
  return d;
}

const MOTIFS: Record<Motif, Draw> = {
  sakura: (c, rng) => {
    const flowers = Array.from({ length: 7 }, (_, i) =>
      blossom(
        40 + rng() * 220,
        40 + rng() * 220,
        22 + rng() * 22,
        ink(c, 1 + (i % 2)),
        ink(c, 3),
        rng() * 6,
      ),
    ).join('');
    return `<circle cx="150" cy="150" r="118" fill="${ink(c, 0)}"/>
      <path d="M 20 270 C 80 200 120 190 170 150 C 210 120 240 80 290 60" stroke="${ink(c, 3)}" stroke-width="9" fill="none" stroke-linecap="round"/>
      <path d="M 120 185 C 140 200 150 230 148 250" stroke="${ink(c, 3)}" stroke-width="6" fill="none" stroke-linecap="round"/>
      ${flowers}`;
  },
  neko: (c) => `
    <circle cx="150" cy="150" r="128" fill="${ink(c, 2)}"/>
    <path d="M 62 150 L 70 52 L 128 98 Q 150 92 172 98 L 230 52 L 238 150 Q 238 238 150 240 Q 62 238 62 150 Z" fill="${ink(c, 0)}"/>
    <path d="M 80 82 L 84 118 L 110 100 Z M 220 82 L 216 118 L 190 100 Z" fill="${ink(c, 1)}"/>
    <path d="M 100 150 q 15 -18 30 0" stroke="${ink(c, 3)}" stroke-width="7" fill="none" stroke-linecap="round"/>
    <path d="M 170 150 q 15 -18 30 0" stroke="${ink(c, 3)}" stroke-width="7" fill="none" stroke-linecap="round"/>
    <path d="M 142 172 L 158 172 L 150 181 Z" fill="${ink(c, 1)}"/>
    <path d="M 150 181 q -12 14 -24 4 M 150 181 q 12 14 24 4" stroke="${ink(c, 3)}" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M 60 170 L 22 162 M 60 182 L 24 188 M 240 170 L 278 162 M 240 182 L 276 188" stroke="${ink(c, 3)}" stroke-width="4" stroke-linecap="round"/>
    <circle cx="96" cy="186" r="12" fill="${ink(c, 1)}" opacity="0.7"/><circle cx="204" cy="186" r="12" fill="${ink(c, 1)}" opacity="0.7"/>`,
  burst: (c, rng, t) => {
    const rays = Array.from({ length: 28 }, (_, i) => {
      const a = (i / 28) * Math.PI * 2 + rng() * 0.05;
      const b = a + 0.09;
      return `M 150 150 L ${r1(150 + Math.cos(a) * 240)} ${r1(150 + Math.sin(a) * 240)} L ${r1(150 + Math.cos(b) * 240)} ${r1(150 + Math.sin(b) * 240)} Z`;
    }).join(' ');
    return `<clipPath id="burst-clip"><rect x="0" y="0" width="300" height="300" rx="18"/></clipPath>
      <g clip-path="url(#burst-clip)"><rect width="300" height="300" fill="${ink(c, 0)}"/><path d="${rays}" fill="${ink(c, 1)}"/></g>
      <polygon points="${star(150, 150, 118, 58, 12, rng())}" fill="${ink(c, 2)}"/>
      ${fitText(t[0] ?? 'GO!', 150, 150, 170, 64, ink(c, 3), 'dominant-baseline="central" transform="rotate(-8 150 150)"')}`;
  },
  moon: (c, rng) => {
    const stars = Array.from(
      { length: 14 },
      () =>
        `<circle cx="${r1(rng() * 300)}" cy="${r1(rng() * 170)}" r="${r1(1.5 + rng() * 2.5)}" fill="${ink(c, 2)}"/>`,
    ).join('');
    return `<circle cx="150" cy="150" r="140" fill="${ink(c, 0)}"/>${stars}
      <circle cx="150" cy="128" r="74" fill="${ink(c, 1)}"/>
      <circle cx="126" cy="110" r="12" fill="${ink(c, 0)}" opacity="0.12"/><circle cx="176" cy="150" r="18" fill="${ink(c, 0)}" opacity="0.12"/>
      <path d="M 30 214 q 30 -34 62 -8 q 22 -30 56 -6 q 30 -26 60 4 q 30 -18 62 10 L 270 260 Q 150 300 30 260 Z" fill="${ink(c, 2)}"/>
      <path d="M 60 240 q 30 -22 58 0 q 26 -20 58 0 q 30 -20 64 2" stroke="${ink(c, 0)}" stroke-width="5" fill="none" opacity="0.35"/>`;
  },
  visor: (c, rng, t) => {
    const ticks = Array.from(
      { length: 11 },
      (_, i) =>
        `<rect x="${60 + i * 18}" y="236" width="6" height="${8 + Math.round(rng() * 18)}" fill="${ink(c, 1)}"/>`,
    ).join('');
    return `<path d="M 30 70 L 270 70 L 286 120 L 250 190 L 50 190 L 14 120 Z" fill="${ink(c, 0)}"/>
      <path d="M 54 96 L 246 96 L 256 124 L 232 164 L 68 164 L 44 124 Z" fill="${ink(c, 1)}"/>
      <path d="M 70 104 L 150 104 L 120 156 L 74 156 L 56 124 Z" fill="#fff" opacity="0.25"/>
      <circle cx="150" cy="130" r="16" fill="none" stroke="${ink(c, 2)}" stroke-width="4"/>
      <path d="M 150 106 L 150 154 M 126 130 L 174 130" stroke="${ink(c, 2)}" stroke-width="3"/>
      ${ticks}
      ${fitText(t[0] ?? 'UNIT-01', 150, 226, 200, 30, ink(c, 2))}
      <path d="M 20 40 L 60 40 M 240 40 L 280 40 M 20 40 L 20 56 M 280 40 L 280 56" stroke="${ink(c, 1)}" stroke-width="4"/>`;
  },
  eye: (c, rng) => {
    const sparkles = Array.from({ length: 5 }, () => {
      const x = 30 + rng() * 240;
      const y = rng() < 0.5 ? 20 + rng() * 40 : 240 + rng() * 40;
      return `<polygon points="${star(x, y, 12, 3, 4)}" fill="${ink(c, 2)}"/>`;
    }).join('');
    return `${sparkles}
      <path d="M 20 150 Q 150 40 280 150 Q 150 250 20 150 Z" fill="#fff"/>
      <clipPath id="eye-clip"><path d="M 20 150 Q 150 40 280 150 Q 150 250 20 150 Z"/></clipPath>
      <g clip-path="url(#eye-clip)">
        <circle cx="150" cy="150" r="70" fill="${ink(c, 0)}"/>
        <circle cx="150" cy="168" r="58" fill="${ink(c, 1)}" opacity="0.55"/>
        <circle cx="150" cy="150" r="32" fill="#1b1b2f"/>
        <ellipse cx="124" cy="124" rx="20" ry="15" fill="#fff"/>
        <circle cx="176" cy="178" r="8" fill="#fff"/>
      </g>
      <path d="M 16 152 Q 150 30 284 152" stroke="#1b1b2f" stroke-width="10" fill="none" stroke-linecap="round"/>
      <path d="M 250 118 L 282 96 M 222 96 L 246 68 M 186 82 L 200 52" stroke="#1b1b2f" stroke-width="8" stroke-linecap="round"/>`;
  },
  vinyl: (c, rng) => {
    const grooves = [112, 100, 88, 76]
      .map(
        (r) =>
          `<circle cx="150" cy="150" r="${r}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/>`,
      )
      .join('');
    const turn = Math.round(rng() * 360);
    return `<circle cx="150" cy="150" r="132" fill="#151515"/>${grooves}
      <path d="M 150 150 L 240 40 A 132 132 0 0 1 270 90 Z" fill="#fff" opacity="0.08" transform="rotate(${turn} 150 150)"/>
      <circle cx="150" cy="150" r="48" fill="${ink(c, 0)}"/>
      <path d="M 102 150 A 48 48 0 0 1 198 150 Z" fill="${ink(c, 1)}"/>
      <circle cx="150" cy="150" r="7" fill="#151515"/>
      <path d="M 276 20 L 276 150 L 226 205" stroke="${ink(c, 2)}" stroke-width="8" fill="none" stroke-linecap="round"/>
      <rect x="212" y="196" width="26" height="18" rx="3" fill="${ink(c, 2)}" transform="rotate(40 225 205)"/>`;
  },
  cassette: (c, _rng, t) => `
    <rect x="20" y="60" width="260" height="170" rx="16" fill="${ink(c, 0)}"/>
    <rect x="40" y="78" width="220" height="92" rx="8" fill="${ink(c, 1)}"/>
    <rect x="40" y="78" width="220" height="22" fill="${ink(c, 2)}"/>
    ${fitText(t[0] ?? 'MIXTAPE', 150, 96, 200, 18, ink(c, 0))}
    <rect x="86" y="112" width="128" height="44" rx="22" fill="#2a2a2a"/>
    <circle cx="110" cy="134" r="16" fill="#f2f2f2"/><circle cx="190" cy="134" r="16" fill="#f2f2f2"/>
    <circle cx="110" cy="134" r="6" fill="#2a2a2a"/><circle cx="190" cy="134" r="6" fill="#2a2a2a"/>
    <path d="M 70 230 L 88 186 L 212 186 L 230 230 Z" fill="${ink(c, 2)}"/>
    <circle cx="104" cy="212" r="6" fill="${ink(c, 0)}"/><circle cx="196" cy="212" r="6" fill="${ink(c, 0)}"/>
    <circle cx="36" cy="76" r="5" fill="${ink(c, 1)}"/><circle cx="264" cy="76" r="5" fill="${ink(c, 1)}"/>`,
  equalizer: (c, rng) => {
    const bars = Array.from({ length: 13 }, (_, i) => {
      const h = 30 + Math.round(Math.sin((i / 12) * Math.PI) * 150 * (0.55 + rng() * 0.45));
      return `<rect x="${18 + i * 21}" y="${r1(150 - h / 2)}" width="14" height="${h}" rx="7" fill="${ink(c, i % 3 === 0 ? 1 : 0)}"/>`;
    }).join('');
    return `${bars}<rect x="10" y="268" width="280" height="6" rx="3" fill="${ink(c, 2)}"/>`;
  },
  keys: (c, _rng, t) => {
    const white = Array.from(
      { length: 9 },
      (_, i) =>
        `<rect x="${15 + i * 30}" y="120" width="28" height="130" rx="3" fill="${ink(c, 0)}"/>`,
    ).join('');
    const black = [0, 1, 3, 4, 5, 7]
      .map(
        (i) =>
          `<rect x="${35 + i * 30}" y="120" width="18" height="80" rx="2" fill="${ink(c, 1)}"/>`,
      )
      .join('');
    return `${fitText(t[0] ?? 'JAZZ', 150, 72, 270, 64, ink(c, 2), 'font-style="italic"')}
      ${fitText(t[1] ?? 'CLUB', 150, 104, 160, 22, ink(c, 0), 'letter-spacing="8"')}${white}${black}`;
  },
  tour: (c, rng, t) => {
    const stars = Array.from(
      { length: 3 },
      (_, i) => `<polygon points="${star(95 + i * 55, 222, 16, 7)}" fill="${ink(c, 1)}"/>`,
    ).join('');
    const skull = rng() > 0.5;
    return `${fitText(t[0] ?? 'GARAGE', 150, 60, 280, 64, ink(c, 0))}
      ${fitText(t[1] ?? 'BAND', 150, 120, 280, 64, ink(c, 0))}
      <path d="M 20 140 L 280 140" stroke="${ink(c, 1)}" stroke-width="4"/>
      ${fitText(t[2] ?? 'WORLD TOUR', 150, 182, 260, 34, ink(c, 1), 'letter-spacing="3"')}
      ${stars}
      ${fitText(skull ? '2024 · 2025' : 'LIVE · LOUD', 150, 280, 200, 22, ink(c, 2), 'letter-spacing="4"')}`;
  },
  soundwave: (c, rng) => {
    const lines = [0, 1, 2]
      .map(
        (i) =>
          `<path d="${wave(150, 70 - i * 22, 70 + i * 24, rng() * 6)}" stroke="${ink(c, i)}" stroke-width="${7 - i * 2}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
      )
      .join('');
    return `${lines}<circle cx="150" cy="150" r="6" fill="${ink(c, 0)}"/>`;
  },
  line: (c, rng) => {
    const phase = rng() * 6;
    return `<path d="M 20 200 C 60 40 110 40 130 150 S 190 270 220 140 S 270 70 285 110" stroke="${ink(c, 0)}" stroke-width="6" fill="none" stroke-linecap="round" transform="rotate(${r1(phase)} 150 150)"/>
      <circle cx="285" cy="110" r="9" fill="${ink(c, 1)}" transform="rotate(${r1(phase)} 150 150)"/>`;
  },
  bauhaus: (c) => `
    <rect x="30" y="30" width="120" height="120" fill="${ink(c, 0)}"/>
    <circle cx="210" cy="90" r="60" fill="${ink(c, 1)}"/>
    <path d="M 30 270 L 150 270 L 150 150 Z" fill="${ink(c, 2)}"/>
    <path d="M 150 150 A 120 120 0 0 1 270 270 L 150 270 Z" fill="${ink(c, 3)}"/>
    <circle cx="90" cy="90" r="22" fill="${ink(c, 3)}"/>`,
  planet: (c, rng) => {
    const tilt = Math.round(-25 + rng() * 20);
    return `<g transform="translate(220 70) scale(0.42)">
      <circle cx="0" cy="0" r="70" fill="${ink(c, 0)}"/>
      <path d="M -70 0 A 70 70 0 0 0 70 0 Z" fill="${ink(c, 1)}" opacity="0.5"/>
      <ellipse cx="0" cy="0" rx="118" ry="26" fill="none" stroke="${ink(c, 2)}" stroke-width="9" transform="rotate(${tilt})"/>
      <circle cx="110" cy="-80" r="7" fill="${ink(c, 2)}"/></g>`;
  },
  'pocket-sun': (c) => {
    const rays = Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * Math.PI * 2;
      return `M ${r1(Math.cos(a) * 40)} ${r1(Math.sin(a) * 40)} L ${r1(Math.cos(a) * 58)} ${r1(Math.sin(a) * 58)}`;
    }).join(' ');
    return `<g transform="translate(222 70)"><circle r="30" fill="${ink(c, 0)}"/>
      <path d="${rays}" stroke="${ink(c, 1)}" stroke-width="7" stroke-linecap="round"/></g>`;
  },
  dots: (c, rng) => {
    const dots: string[] = [];
    for (let y = 0; y < 9; y += 1) {
      for (let x = 0; x < 9; x += 1) {
        const r = 4 + 10 * Math.abs(Math.sin((x + y) / 3 + rng() * 0.3));
        dots.push(
          `<circle cx="${22 + x * 32}" cy="${22 + y * 32}" r="${r1(r)}" fill="${ink(c, (x * y) % 7 === 3 ? 1 : 0)}"/>`,
        );
      }
    }
    return dots.join('');
  },
  horizon: (c) => `
    <clipPath id="horizon-clip"><rect x="0" y="0" width="300" height="200"/></clipPath>
    <circle cx="150" cy="200" r="96" fill="${ink(c, 1)}" clip-path="url(#horizon-clip)"/>
    <path d="M 0 200 L 300 200" stroke="${ink(c, 0)}" stroke-width="6"/>
    <path d="M 60 224 L 240 224 M 100 244 L 200 244 M 130 262 L 170 262" stroke="${ink(c, 0)}" stroke-width="4" stroke-linecap="round"/>`,
  quote: (c, _rng, t) => {
    const lines = t.length ? t : ['STAY', 'CURIOUS'];
    const gap = Math.min(92, 270 / lines.length);
    const top = 150 - (gap * (lines.length - 1)) / 2;
    return (
      lines
        .map((line, i) =>
          fitText(
            line,
            150,
            top + i * gap,
            280,
            gap * 0.92,
            ink(c, i % 2 === 1 ? 1 : 0),
            'dominant-baseline="central"',
          ),
        )
        .join('') +
      `<path d="M 110 ${r1(top + gap * (lines.length - 1) + gap * 0.62)} L 190 ${r1(top + gap * (lines.length - 1) + gap * 0.62)}" stroke="${ink(c, 2)}" stroke-width="6" stroke-linecap="round"/>`
    );
  },
  sunset: (c) => {
    const cuts = [0, 1, 2, 3, 4]
      .map(
        (i) => `<rect x="0" y="${168 + i * 20}" width="300" height="${4 + i * 2.2}" fill="#000"/>`,
      )
      .join('');
    return `<defs><linearGradient id="sunset-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ink(c, 0)}"/><stop offset="0.55" stop-color="${ink(c, 1)}"/><stop offset="1" stop-color="${ink(c, 2)}"/></linearGradient>
      <mask id="sunset-m"><rect width="300" height="300" fill="#fff"/>${cuts}</mask></defs>
      <circle cx="150" cy="160" r="120" fill="url(#sunset-g)" mask="url(#sunset-m)"/>
      <path d="M 20 282 L 280 282" stroke="${ink(c, 3)}" stroke-width="6" stroke-linecap="round"/>
      <path d="M 64 282 L 64 196 M 64 196 q -30 -6 -44 10 M 64 196 q 30 -8 42 8 M 64 196 q -16 -24 -40 -22 M 64 196 q 20 -26 42 -20" stroke="${ink(c, 3)}" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  },
  invader: (c) => {
    const rows = [
      '00100000100',
      '00010001000',
      '00111111100',
      '01101110110',
      '11111111111',
      '10111111101',
      '10100000101',
      '00011011000',
    ];
    const px = 24;
    const cells = rows
      .flatMap((row, y) =>
        [...row].map((on, x) =>
          on === '1'
            ? `<rect x="${18 + x * px}" y="${40 + y * px}" width="${px}" height="${px}" fill="${ink(c, 0)}"/>`
            : '',
        ),
      )
      .join('');
    return `${cells}${fitText('HIGH SCORE 99999', 150, 272, 250, 22, ink(c, 1), '', { family: MONO })}`;
  },
  rainbow: (c) =>
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M ${30 + i * 26} 230 A ${120 - i * 26} ${120 - i * 26} 0 0 1 ${270 - i * 26} 230" stroke="${ink(c, i)}" stroke-width="24" fill="none"/>`,
      )
      .join('') +
    `<path d="M 20 250 Q 60 226 100 250 Q 140 274 180 250 Q 220 226 280 250" stroke="${ink(c, 0)}" stroke-width="5" fill="none"/>`,
  checker: (c, _rng, t) => {
    const squares: string[] = [];
    for (let y = 0; y < 3; y += 1)
      for (let x = 0; x < 10; x += 1)
        if ((x + y) % 2 === 0)
          squares.push(
            `<rect x="${x * 30}" y="${180 + y * 30}" width="30" height="30" fill="${ink(c, 0)}"/>`,
          );
    return `<rect x="0" y="180" width="300" height="90" fill="none" stroke="${ink(c, 0)}" stroke-width="4"/>${squares.join('')}
      ${fitText(t[0] ?? 'SKATE', 150, 110, 280, 96, ink(c, 1), 'font-style="italic"')}
      ${fitText(t[1] ?? 'OR DIE', 150, 160, 200, 30, ink(c, 0), 'letter-spacing="6"')}`;
  },
  racer: (c, _rng, t) => `
    <path d="M 0 90 L 300 90 M 0 118 L 300 118" stroke="${ink(c, 1)}" stroke-width="14"/>
    <circle cx="150" cy="150" r="84" fill="${ink(c, 0)}"/>
    <circle cx="150" cy="150" r="70" fill="none" stroke="${ink(c, 2)}" stroke-width="6"/>
    ${fitText(t[0] ?? '27', 150, 150, 120, 96, ink(c, 2), 'dominant-baseline="central" font-style="italic"')}
    ${fitText(t[1] ?? 'GRAND PRIX', 150, 272, 260, 30, ink(c, 0), 'letter-spacing="4" font-style="italic"')}`,
  polaroid: (c, rng) => {
    const birds = Array.from({ length: 3 }, () => {
      const x = 80 + rng() * 140;
      const y = 70 + rng() * 40;
      return `<path d="M ${r1(x - 10)} ${r1(y)} q 5 -6 10 0 q 5 -6 10 0" stroke="#333" stroke-width="3" fill="none"/>`;
    }).join('');
    return `<g transform="rotate(-6 150 150)">
      <rect x="40" y="20" width="220" height="262" rx="6" fill="#fbfbf8"/>
      <defs><linearGradient id="pol-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ink(c, 0)}"/><stop offset="1" stop-color="${ink(c, 1)}"/></linearGradient></defs>
      <rect x="58" y="38" width="184" height="184" fill="url(#pol-sky)"/>
      <circle cx="150" cy="170" r="44" fill="${ink(c, 2)}"/>
      <path d="M 58 190 Q 100 176 150 190 T 242 188 L 242 222 L 58 222 Z" fill="${ink(c, 3)}"/>
      ${birds}
      ${fitText('summer', 150, 258, 120, 26, '#555', 'font-style="italic"', { weight: 'normal' })}</g>`;
  },
  cricket: (c) => `
    <path d="M 70 260 L 200 60" stroke="${ink(c, 2)}" stroke-width="30" stroke-linecap="round"/>
    <path d="M 196 66 L 222 26" stroke="${ink(c, 3)}" stroke-width="12" stroke-linecap="round"/>
    <circle cx="186" cy="196" r="64" fill="${ink(c, 0)}"/>
    <path d="M 140 152 Q 186 196 140 240" stroke="${ink(c, 1)}" stroke-width="4" fill="none"/>
    <path d="M 150 148 Q 196 196 150 246" stroke="${ink(c, 1)}" stroke-width="4" fill="none" stroke-dasharray="6 6"/>
    <path d="M 132 160 Q 176 196 132 232" stroke="${ink(c, 1)}" stroke-width="4" fill="none" stroke-dasharray="6 6"/>
    <circle cx="160" cy="170" r="14" fill="#fff" opacity="0.2"/>`,
  hoops: (c, _rng, t) => `
    <circle cx="150" cy="130" r="100" fill="${ink(c, 0)}"/>
    <path d="M 50 130 L 250 130 M 150 30 L 150 230" stroke="${ink(c, 1)}" stroke-width="6"/>
    <path d="M 80 58 Q 120 130 80 202 M 220 58 Q 180 130 220 202" stroke="${ink(c, 1)}" stroke-width="6" fill="none"/>
    ${fitText(t[0] ?? 'BALL IS LIFE', 150, 276, 270, 34, ink(c, 2))}`,
  marathon: (c, _rng, t) => `
    ${fitText(t[0] ?? '42.195', 150, 96, 280, 92, ink(c, 0), 'font-style="italic"')}
    ${fitText(t[1] ?? 'KILOMETRES', 150, 140, 250, 30, ink(c, 1), 'letter-spacing="5"')}
    <path d="M 150 170 L 40 290 L 260 290 Z" fill="${ink(c, 2)}"/>
    <path d="M 150 180 L 150 196 M 150 212 L 150 232 M 150 250 L 150 280" stroke="${ink(c, 3)}" stroke-width="6"/>`,
  crest: (c, _rng, t) => `
    <path d="M 150 20 L 260 56 L 250 170 Q 232 250 150 288 Q 68 250 50 170 L 40 56 Z" fill="${ink(c, 0)}"/>
    <path d="M 150 40 L 242 70 L 234 168 Q 218 236 150 268 Q 82 236 66 168 L 58 70 Z" fill="none" stroke="${ink(c, 1)}" stroke-width="6"/>
    <path d="M 62 118 L 238 118 L 236 150 L 64 150 Z" fill="${ink(c, 1)}"/>
    ${fitText(t[0] ?? 'FC', 150, 96, 120, 56, ink(c, 1))}
    ${fitText(t[1] ?? 'EST. 1998', 150, 142, 150, 22, ink(c, 0), 'letter-spacing="3"')}
    <polygon points="${star(150, 206, 36, 15)}" fill="${ink(c, 2)}"/>`,
  jersey: (c, _rng, t) => `
    ${fitText(t[0] ?? 'CAPTAIN', 150, 50, 220, 34, ink(c, 1), 'letter-spacing="6"')}
    ${fitText(t[1] ?? '10', 150, 180, 220, 190, ink(c, 0), 'dominant-baseline="central"')}
    <path d="M 20 280 L 280 280" stroke="${ink(c, 1)}" stroke-width="8"/>`,
  mountains: (c, rng) => {
    const trees = Array.from({ length: 6 }, (_, i) => {
      const x = 40 + i * 44 + rng() * 10;
      return `<path d="M ${r1(x)} 218 L ${r1(x - 12)} 252 L ${r1(x + 12)} 252 Z" fill="${ink(c, 3)}"/>`;
    }).join('');
    return `<clipPath id="mtn-clip"><circle cx="150" cy="150" r="130"/></clipPath>
      <g clip-path="url(#mtn-clip)"><rect width="300" height="300" fill="${ink(c, 0)}"/>
      <circle cx="${r1(90 + rng() * 120)}" cy="86" r="26" fill="${ink(c, 2)}"/>
      <path d="M -10 240 L 90 110 L 150 180 L 210 90 L 320 240 Z" fill="${ink(c, 1)}"/>
      <path d="M 90 110 L 72 134 L 90 128 L 104 140 Z M 210 90 L 188 120 L 208 112 L 226 126 Z" fill="#fff"/>
      <rect x="0" y="236" width="300" height="70" fill="${ink(c, 3)}"/>${trees}</g>
      <circle cx="150" cy="150" r="130" fill="none" stroke="${ink(c, 1)}" stroke-width="8"/>`;
  },
  waves: (c, rng) => {
    const layers = [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="${wave(110 + i * 40, 14, 120, rng() * 6 + i)} L 300 300 L 0 300 Z" fill="${ink(c, i % 2)}" opacity="${1 - i * 0.12}"/>`,
      )
      .join('');
    return `<clipPath id="wave-clip"><circle cx="150" cy="150" r="130"/></clipPath>
      <g clip-path="url(#wave-clip)"><rect width="300" height="300" fill="${ink(c, 2)}"/>
      <circle cx="200" cy="80" r="30" fill="${ink(c, 3)}"/>${layers}</g>`;
  },
  leaf: (c) => {
    const cuts = [-1, 1]
      .flatMap((side) =>
        [70, 115, 160, 205].map(
          (y) =>
            `<path d="M 150 ${y} Q ${150 + side * 60} ${y - 10} ${150 + side * 130} ${y - 40}" stroke="${ink(c, 2)}" stroke-width="10" fill="none"/>`,
        ),
      )
      .join('');
    return `<path d="M 150 30 C 260 40 290 150 250 220 C 220 270 170 280 150 280 C 130 280 80 270 50 220 C 10 150 40 40 150 30 Z" fill="${ink(c, 0)}"/>
      ${cuts}<path d="M 150 40 L 150 300" stroke="${ink(c, 1)}" stroke-width="7" stroke-linecap="round"/>`;
  },
  constellation: (c, rng) => {
    const pts = Array.from(
      { length: 7 },
      (_, i) => [40 + i * 36 + rng() * 16, 70 + rng() * 160] as const,
    );
    const path = pts.map(([x, y], i) => `${i ? 'L' : 'M'} ${r1(x)} ${r1(y)}`).join(' ');
    const dust = Array.from(
      { length: 24 },
      () =>
        `<circle cx="${r1(rng() * 300)}" cy="${r1(rng() * 300)}" r="${r1(0.8 + rng() * 1.8)}" fill="${ink(c, 1)}" opacity="0.8"/>`,
    ).join('');
    const stars = pts
      .map(([x, y]) => `<polygon points="${star(x, y, 11, 4, 4)}" fill="${ink(c, 0)}"/>`)
      .join('');
    return `<circle cx="150" cy="150" r="138" fill="none" stroke="${ink(c, 1)}" stroke-width="2" stroke-dasharray="2 8"/>${dust}
      <path d="${path}" stroke="${ink(c, 1)}" stroke-width="2.5" fill="none"/>${stars}
      <path d="M 232 60 A 26 26 0 1 0 262 96 A 20 20 0 1 1 232 60 Z" fill="${ink(c, 2)}"/>`;
  },
  pines: (c, rng) => {
    const trees = Array.from({ length: 5 }, (_, i) => {
      const x = 40 + i * 55;
      const h = 120 + rng() * 90;
      const col = ink(c, i % 2);
      return `<path d="M ${x} ${r1(250 - h)} L ${x - 34} ${r1(250 - h * 0.45)} L ${x - 16} ${r1(250 - h * 0.45)} L ${x - 42} 250 L ${x + 42} 250 L ${x + 16} ${r1(250 - h * 0.45)} L ${x + 34} ${r1(250 - h * 0.45)} Z" fill="${col}"/>
        <rect x="${x - 5}" y="250" width="10" height="18" fill="${ink(c, 2)}"/>`;
    }).join('');
    return `${trees}<path d="M 10 268 L 290 268" stroke="${ink(c, 2)}" stroke-width="6" stroke-linecap="round"/>`;
  },
  cactus: (c) => `
    <circle cx="150" cy="140" r="120" fill="${ink(c, 2)}"/>
    <path d="M 132 260 L 132 80 Q 150 50 168 80 L 168 260 Z" fill="${ink(c, 0)}"/>
    <path d="M 132 170 L 96 170 Q 82 170 82 156 L 82 120 Q 92 106 102 120 L 102 150 L 132 150 Z" fill="${ink(c, 0)}"/>
    <path d="M 168 140 L 204 140 Q 218 140 218 126 L 218 96 Q 208 82 198 96 L 198 120 L 168 120 Z" fill="${ink(c, 0)}"/>
    ${blossom(150, 70, 26, ink(c, 1), ink(c, 3), 0.3)}
    <path d="M 40 260 L 260 260" stroke="${ink(c, 3)}" stroke-width="8" stroke-linecap="round"/>`,
};

// The T-shirt, facing front, centred in 960×960. Neck at the top, hem near the bottom.
const SHIRT = `M 398 128 C 430 150 530 150 562 128 L 690 166 C 730 180 760 200 782 232 L 862 352
  C 838 378 800 398 762 408 L 714 340 C 716 520 712 700 716 846 C 716 860 708 866 694 866 L 266 866
  C 252 866 244 860 244 846 C 248 700 244 520 246 340 L 198 408 C 160 398 122 378 98 352 L 178 232
  C 200 200 230 180 270 166 Z`;
const NECKLINE = 'M 398 128 C 412 190 548 190 562 128';
/** The print's box on the chest: 360×360 from (300, 236). */
const PRINT = { x: 300, y: 236, scale: 360 / 300 };

/** Relative luminance (WCAG) of `#rrggbb`, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const n = parseInt(hex.replace('#', ''), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Contrast ratio (WCAG) of two colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Luminance, to pick a light or dark backdrop and seam colours. */
function isDark(hex: string): boolean {
  const n = parseInt(hex.replace('#', ''), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 110;
}

const LIGHT_INK = '#f5f5f2';
const DARK_INK = '#1e1e21';

/**
 * A print's inks for another fabric than the one it was designed on: an ink that would vanish
 * into the fabric (contrast under 1.6) is printed in off-white or near-black, whichever shows.
 */
export function inkOn(fabric: string, ink: readonly string[]): string[] {
  return ink.map((c) =>
    contrast(c, fabric) >= 1.6
      ? c
      : contrast(LIGHT_INK, fabric) > contrast(DARK_INK, fabric)
        ? LIGHT_INK
        : DARK_INK,
  );
}

/** What is drawn on the shirt's body (clipped to it) and its collar, facing front or back. */
interface Side {
  /** Drawn on the fabric, under the shading. */
  body: string;
  /** The collar's edge: low in front, just under the collar at the back. */
  neckline: string;
  /** The collar's outline below the neckline (the opening shows the inside). */
  opening: string;
  /** The collar's stitching. */
  stitching: string;
}

const FRONT_NECK = {
  neckline: NECKLINE,
  opening: `${NECKLINE} C 548 168 412 168 398 128 Z`,
  stitching: 'M 390 124 C 406 202 554 202 570 124',
};
const BACK_NECK = {
  neckline: 'M 398 128 C 430 150 530 150 562 128',
  opening: 'M 398 128 C 430 150 530 150 562 128 C 530 138 430 138 398 128 Z',
  stitching: 'M 392 126 C 426 166 534 166 568 126',
};

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="960" viewBox="0 0 960 960">';

/** Stitching and seams: light on a dark fabric, dark on a light one. */
const stitchOn = (fabric: string) => (isDark(fabric) ? '#ffffff' : '#000000');

/**
 * The T-shirt's shape in `fabric` with `side` drawn on it (960×960 coordinates, neck at the
 * top). `id` keeps its definitions apart from the rest of the picture's.
 */
function shirtShape(fabric: string, side: Side, id = 'shirt'): string {
  const stitch = stitchOn(fabric);
  return `<defs>
  <linearGradient id="${id}-side" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="#000" stop-opacity="0.24"/><stop offset="0.2" stop-color="#000" stop-opacity="0.03"/>
    <stop offset="0.5" stop-color="#fff" stop-opacity="0.07"/><stop offset="0.8" stop-color="#000" stop-opacity="0.03"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.24"/>
  </linearGradient>
  <linearGradient id="${id}-top" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.1"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient>
  <clipPath id="${id}-clip"><path d="${SHIRT}"/></clipPath>
</defs>
<g clip-path="url(#${id}-clip)">
  <path d="${SHIRT}" fill="${fabric}"/>
  ${side.body}
  <rect width="960" height="960" fill="url(#${id}-side)"/>
  <rect width="960" height="960" fill="url(#${id}-top)"/>
  <path d="M 270 166 C 262 240 252 300 246 340" stroke="#000" stroke-opacity="0.2" stroke-width="3" fill="none"/>
  <path d="M 690 166 C 698 240 708 300 714 340" stroke="#000" stroke-opacity="0.2" stroke-width="3" fill="none"/>
  <path d="M 118 366 L 210 420 M 842 366 L 750 420" stroke="${stitch}" stroke-opacity="0.22" stroke-width="2" stroke-dasharray="7 6"/>
  <path d="M 250 844 L 710 844" stroke="${stitch}" stroke-opacity="0.22" stroke-width="2" stroke-dasharray="7 6"/>
</g>
<path d="${side.opening}" fill="#000" fill-opacity="0.38"/>
<path d="${side.neckline}" stroke="${fabric}" stroke-width="18" fill="none"/>
<path d="${side.neckline}" stroke="#000" stroke-opacity="0.16" stroke-width="18" fill="none"/>
<path d="${side.stitching}" stroke="${stitch}" stroke-opacity="0.14" stroke-width="2" fill="none" stroke-dasharray="6 5"/>`;
}

/** The studio backdrop: warm and light behind a dark fabric, cool behind a light one. */
function backdrop(fabric: string): string {
  const [from, to] = isDark(fabric) ? ['#f3f1ec', '#dcd6cc'] : ['#eef0f3', '#cfd6de'];
  return `<defs><radialGradient id="bg" cx="50%" cy="38%" r="78%"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></radialGradient>
  <radialGradient id="floor" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
<rect width="960" height="960" fill="url(#bg)"/>`;
}

/** A T-shirt in `fabric` laid flat on the studio backdrop (960×960), with `side` drawn on it. */
function shirtSvg(fabric: string, side: Side): string {
  return `${SVG_OPEN}
${backdrop(fabric)}
<ellipse cx="480" cy="884" rx="330" ry="34" fill="url(#floor)"/>
${shirtShape(fabric, side)}
</svg>`;
}

/** The print in its 300×300 box: the same on every view of one T-shirt (`seed`: its slug). */
function printOf(art: TshirtArt, seed: string): string {
  return MOTIFS[art.motif](art.ink, seededRng(seed), art.text ?? []);
}

/** The print placed on the chest of the shirt's shape. */
const onChest = (print: string) =>
  `<g transform="translate(${PRINT.x} ${PRINT.y}) scale(${PRINT.scale})" opacity="0.96">${print}</g>`;

/** The T-shirt's front with its print (960×960). `seed` varies the print (use the slug). */
export function tshirtSvg(art: TshirtArt, seed: string): string {
  return shirtSvg(art.fabric, { ...FRONT_NECK, body: onChest(printOf(art, seed)) });
}

/**
 * The back of a T-shirt in `fabric` (960×960): plain, as every demo T-shirt's is, so one picture
 * serves every T-shirt in that colour. The back neck tape shows under the collar.
 */
export function tshirtBackSvg(fabric: string): string {
  return shirtSvg(fabric, {
    ...BACK_NECK,
    body: `<path d="M 404 140 C 436 176 524 176 556 140" stroke="#000" stroke-opacity="0.12" stroke-width="14" fill="none"/>`,
  });
}

/**
 * A close-up of the print (960×960): the fabric fills the picture, its knit showing through
 * the ink, lit from the top left, with a soft fold across the bottom.
 */
export function tshirtCloseUpSvg(art: TshirtArt, seed: string): string {
  const knit = stitchOn(art.fabric);
  return `${SVG_OPEN}
<defs>
  <pattern id="knit" width="12" height="9" patternUnits="userSpaceOnUse"><path d="M 0 0 L 6 9 L 12 0" stroke="${knit}" stroke-opacity="0.08" stroke-width="2" fill="none"/></pattern>
  <radialGradient id="light" cx="35%" cy="30%" r="85%"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.6" stop-color="#000" stop-opacity="0.04"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient>
  <linearGradient id="fold" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#000" stop-opacity="0.16"/><stop offset="0.62" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
</defs>
<rect width="960" height="960" fill="${art.fabric}"/>
<g transform="translate(480 470) rotate(-4) scale(2.7) translate(-150 -150)" opacity="0.94">${printOf(art, seed)}</g>
<rect width="960" height="960" fill="url(#knit)"/>
<rect x="-60" y="800" width="1080" height="120" fill="url(#fold)" transform="rotate(-3 480 860)"/>
<rect width="960" height="960" fill="url(#light)"/>
</svg>`;
}

/**
 * The T-shirt folded as shops stack them, seen from above on a table (960×960): the collar at
 * the top, the sleeves folded behind, the hem folded under, the print on the folded front.
 */
export function tshirtFoldedSvg(art: TshirtArt, seed: string): string {
  const { fabric } = art;
  const stitch = stitchOn(fabric);
  // A linen cloth under a dark T-shirt, a wooden table under a light one.
  const table = isDark(fabric) ? ['#efeae1', '#d8d0c2', '#000'] : ['#b68d63', '#946d47', '#3b2614'];
  const grain = [230, 390, 560, 720, 880]
    .map(
      (y, i) =>
        `<path d="M 0 ${y} C 300 ${y - 18 + i * 6} 640 ${y + 22} 960 ${y - 8}" stroke="${table[2]}" stroke-opacity="0.07" stroke-width="${3 + (i % 2) * 3}" fill="none"/>`,
    )
    .join('');
  return `${SVG_OPEN}
<defs>
  <linearGradient id="table" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${table[0]}"/><stop offset="1" stop-color="${table[1]}"/></linearGradient>
  <linearGradient id="lit" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.1"/><stop offset="0.82" stop-color="#000" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
  <clipPath id="folded"><rect x="190" y="170" width="580" height="640" rx="20"/></clipPath>
</defs>
<rect width="960" height="960" fill="url(#table)"/>${grain}
<rect x="202" y="190" width="580" height="640" rx="26" fill="#000" opacity="0.12"/>
<rect x="196" y="182" width="580" height="640" rx="22" fill="#000" opacity="0.14"/>
<g clip-path="url(#folded)">
  <rect width="960" height="960" fill="${fabric}"/>
  <g transform="translate(298 262) scale(1.21)" opacity="0.96">${printOf(art, seed)}</g>
  <rect x="190" y="170" width="56" height="640" fill="#000" opacity="0.1"/>
  <rect x="714" y="170" width="56" height="640" fill="#000" opacity="0.1"/>
  <path d="M 246 170 L 246 810 M 714 170 L 714 810" stroke="#000" stroke-opacity="0.18" stroke-width="3"/>
  <rect x="190" y="716" width="580" height="94" fill="#000" opacity="0.08"/>
  <path d="M 190 716 L 770 716" stroke="#000" stroke-opacity="0.22" stroke-width="4"/>
  <path d="M 200 790 L 760 790" stroke="${stitch}" stroke-opacity="0.2" stroke-width="2" stroke-dasharray="7 6"/>
  <rect width="960" height="960" fill="url(#lit)"/>
</g>
<path d="M 392 172 C 410 250 550 250 568 172 C 540 196 420 196 392 172 Z" fill="#000" fill-opacity="0.38"/>
<path d="M 392 172 C 410 250 550 250 568 172" stroke="${fabric}" stroke-width="18" fill="none"/>
<path d="M 392 172 C 410 250 550 250 568 172" stroke="#000" stroke-opacity="0.16" stroke-width="18" fill="none"/>
<path d="M 392 172 C 420 150 540 150 568 172" stroke="${fabric}" stroke-width="16" fill="none" stroke-linecap="round"/>
<path d="M 392 172 C 420 150 540 150 568 172" stroke="#000" stroke-opacity="0.24" stroke-width="16" fill="none" stroke-linecap="round"/>
</svg>`;
}

/**
 * The T-shirt on a wooden hanger, hung from a rail against a wall (960×960): the front, smaller,
 * with the hook above the collar.
 */
export function tshirtOnHangerSvg(art: TshirtArt, seed: string): string {
  const [from, to] = isDark(art.fabric) ? ['#f1ede6', '#d4ccbf'] : ['#e4e9ee', '#b8c2cc'];
  return `${SVG_OPEN}
<defs><linearGradient id="wall" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="960" height="960" fill="url(#wall)"/>
<path d="M 0 70 L 960 70" stroke="#8a9098" stroke-width="14"/>
<path d="M 0 66 L 960 66" stroke="#fff" stroke-opacity="0.45" stroke-width="3"/>
<path d="M 480 206 C 480 150 480 130 480 118 C 480 96 512 88 514 70" stroke="#6f747a" stroke-width="7" fill="none" stroke-linecap="round"/>
<g transform="translate(480 214) scale(0.84) translate(-480 -128)">
  ${shirtShape(art.fabric, { ...FRONT_NECK, body: onChest(printOf(art, seed)) })}
  <path d="M 412 138 C 440 150 520 150 548 138" stroke="#8b5e3c" stroke-width="12" fill="none" stroke-linecap="round"/>
</g>
</svg>`;
}
