import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Demo images for the seed, drawn from plain SVG shapes. No <text> anywhere: CI machines may lack
 * fonts, and librsvg would then render tofu boxes or nothing.
 *
 * Every motif is drawn in a 200x200 box centred on (100, 100); the frame functions place and scale it.
 */

interface MotifColors {
  main: string;
  accent: string;
  dark: string;
  light: string;
}

type Motif = (c: MotifColors) => string;

interface Palette {
  /** Base hue of the pastel background; products drift ±25° around it. */
  bgHue: number;
  /** Main motif colours; products cycle through them so neighbouring tiles differ. */
  mains: string[];
  accent: string;
  dark: string;
  light: string;
}

const MOTIFS: Record<number, Motif> = {
  // 1 Indumentaria: T-shirt with a chest stripe.
  1: (c) => `
    <path d="M62 38 L84 28 Q100 44 116 28 L138 38 L172 70 L150 94 L138 84 L138 172 L62 172 L62 84 L50 94 L28 70 Z" fill="${c.main}"/>
    <path d="M84 28 Q100 46 116 28" stroke="${c.dark}" stroke-width="6" fill="none" stroke-linecap="round"/>
    <rect x="62" y="104" width="76" height="14" fill="${c.accent}"/>
    <rect x="62" y="124" width="76" height="6" fill="${c.light}" opacity="0.8"/>`,

  // 2 Electrodomesticos: front-loading washing machine.
  2: (c) => `
    <rect x="45" y="28" width="110" height="150" rx="12" fill="${c.light}"/>
    <rect x="45" y="28" width="110" height="30" rx="12" fill="${c.main}"/>
    <rect x="45" y="46" width="110" height="12" fill="${c.main}"/>
    <circle cx="64" cy="43" r="6" fill="${c.light}"/>
    <circle cx="82" cy="43" r="6" fill="${c.accent}"/>
    <rect x="110" y="38" width="34" height="10" rx="3" fill="${c.dark}"/>
    <circle cx="100" cy="116" r="42" fill="${c.main}"/>
    <circle cx="100" cy="116" r="32" fill="${c.dark}"/>
    <path d="M78 110 Q100 96 122 110 L122 130 Q100 146 78 130 Z" fill="${c.accent}" opacity="0.85"/>
    <path d="M82 100 A26 26 0 0 1 104 90" stroke="#ffffff" stroke-width="5" fill="none" stroke-linecap="round" opacity="0.7"/>
    <rect x="55" y="178" width="14" height="6" fill="${c.dark}"/>
    <rect x="131" y="178" width="14" height="6" fill="${c.dark}"/>`,

  // 3 Informatica: open laptop with windows on screen.
  3: (c) => `
    <rect x="38" y="40" width="124" height="86" rx="8" fill="${c.dark}"/>
    <rect x="46" y="48" width="108" height="70" rx="3" fill="${c.light}"/>
    <rect x="54" y="56" width="50" height="30" rx="3" fill="${c.main}"/>
    <rect x="110" y="56" width="36" height="12" rx="3" fill="${c.accent}"/>
    <rect x="110" y="74" width="36" height="12" rx="3" fill="${c.accent}" opacity="0.6"/>
    <rect x="54" y="94" width="92" height="16" rx="3" fill="${c.main}" opacity="0.45"/>
    <path d="M30 130 L170 130 L186 150 Q186 156 180 156 L20 156 Q14 156 14 150 Z" fill="${c.main}"/>
    <rect x="84" y="136" width="32" height="10" rx="3" fill="${c.dark}" opacity="0.35"/>`,

  // 4 Cosmética: perfume bottle next to a lipstick.
  4: (c) => `
    <rect x="84" y="32" width="24" height="22" rx="4" fill="${c.dark}"/>
    <rect x="90" y="52" width="12" height="12" fill="${c.accent}"/>
    <rect x="48" y="62" width="96" height="112" rx="22" fill="${c.main}"/>
    <rect x="56" y="74" width="10" height="76" rx="5" fill="#ffffff" opacity="0.45"/>
    <rect x="74" y="100" width="44" height="40" rx="6" fill="${c.light}" opacity="0.85"/>
    <circle cx="96" cy="120" r="8" fill="${c.accent}" opacity="0.7"/>
    <path d="M140 86 L160 72 L160 112 L140 112 Z" fill="${c.accent}"/>
    <rect x="136" y="112" width="28" height="22" fill="${c.light}"/>
    <rect x="132" y="134" width="36" height="42" rx="4" fill="${c.dark}"/>`,

  // 5 Alimentos: apple with leaf, with an orange behind it.
  5: (c) => `
    <circle cx="142" cy="128" r="34" fill="${c.accent}"/>
    <circle cx="132" cy="116" r="6" fill="#ffffff" opacity="0.4"/>
    <path d="M94 62 C70 44 32 56 34 104 C36 150 66 182 94 168 C122 182 152 150 154 104 C156 56 118 44 94 62 Z" fill="${c.main}"/>
    <path d="M58 86 Q50 104 56 124" stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round" opacity="0.45"/>
    <rect x="90" y="32" width="8" height="32" rx="4" fill="${c.dark}"/>
    <ellipse cx="116" cy="42" rx="20" ry="9" transform="rotate(-25 116 42)" fill="${c.light}"/>`,

  // 6 Juguetes: teddy bear.
  6: (c) => `
    <ellipse cx="100" cy="142" rx="46" ry="40" fill="${c.main}"/>
    <ellipse cx="100" cy="148" rx="26" ry="24" fill="${c.light}"/>
    <circle cx="62" cy="44" r="18" fill="${c.main}"/>
    <circle cx="138" cy="44" r="18" fill="${c.main}"/>
    <circle cx="62" cy="44" r="9" fill="${c.light}"/>
    <circle cx="138" cy="44" r="9" fill="${c.light}"/>
    <circle cx="100" cy="78" r="44" fill="${c.main}"/>
    <ellipse cx="100" cy="94" rx="20" ry="15" fill="${c.light}"/>
    <ellipse cx="100" cy="88" rx="7" ry="5" fill="${c.dark}"/>
    <circle cx="82" cy="70" r="5" fill="${c.dark}"/>
    <circle cx="118" cy="70" r="5" fill="${c.dark}"/>
    <path d="M88 118 L100 126 L112 118 L112 132 L100 124 L88 132 Z" fill="${c.accent}"/>`,

  // 7 Muebles: two-seat sofa.
  7: (c) => `
    <rect x="44" y="58" width="112" height="62" rx="14" fill="${c.dark}"/>
    <rect x="52" y="66" width="46" height="50" rx="10" fill="${c.main}"/>
    <rect x="102" y="66" width="46" height="50" rx="10" fill="${c.main}"/>
    <rect x="40" y="112" width="120" height="34" rx="8" fill="${c.main}"/>
    <rect x="24" y="92" width="28" height="62" rx="12" fill="${c.dark}"/>
    <rect x="148" y="92" width="28" height="62" rx="12" fill="${c.dark}"/>
    <rect x="64" y="78" width="24" height="24" rx="6" fill="${c.accent}" transform="rotate(-10 76 90)"/>
    <rect x="36" y="152" width="8" height="18" rx="2" fill="${c.light}"/>
    <rect x="156" y="152" width="8" height="18" rx="2" fill="${c.light}"/>`,

  // 8 Jardinería: potted plant.
  8: (c) => `
    <path d="M100 122 L100 62" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>
    <ellipse cx="72" cy="88" rx="30" ry="13" transform="rotate(-35 72 88)" fill="${c.main}"/>
    <ellipse cx="128" cy="84" rx="30" ry="13" transform="rotate(35 128 84)" fill="${c.light}"/>
    <ellipse cx="78" cy="52" rx="24" ry="11" transform="rotate(-60 78 52)" fill="${c.light}"/>
    <ellipse cx="122" cy="50" rx="24" ry="11" transform="rotate(60 122 50)" fill="${c.main}"/>
    <ellipse cx="100" cy="36" rx="10" ry="22" fill="${c.main}"/>
    <path d="M60 120 L140 120 L130 178 L70 178 Z" fill="${c.accent}"/>
    <rect x="54" y="112" width="92" height="16" rx="4" fill="${c.accent}"/>
    <rect x="54" y="124" width="92" height="4" fill="#000000" opacity="0.12"/>`,

  // 9 Deportes: basketball.
  9: (c) => `
    <circle cx="100" cy="100" r="70" fill="${c.main}"/>
    <path d="M100 30 L100 170 M30 100 L170 100" stroke="${c.dark}" stroke-width="5"/>
    <path d="M52 50 Q80 100 52 150 M148 50 Q120 100 148 150" stroke="${c.dark}" stroke-width="5" fill="none"/>
    <circle cx="100" cy="100" r="70" fill="none" stroke="${c.dark}" stroke-width="5"/>
    <path d="M62 60 A52 52 0 0 1 96 44" stroke="#ffffff" stroke-width="7" fill="none" stroke-linecap="round" opacity="0.45"/>`,

  // 10 Joyería: gold ring topped by a faceted gem.
  10: (c) => `
    <circle cx="100" cy="122" r="50" fill="none" stroke="${c.accent}" stroke-width="14"/>
    <circle cx="100" cy="122" r="50" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.5" stroke-dasharray="60 260"/>
    <rect x="84" y="64" width="32" height="14" rx="3" fill="${c.accent}"/>
    <polygon points="72,44 86,28 114,28 128,44 100,78" fill="${c.main}"/>
    <polygon points="72,44 128,44 100,78" fill="${c.dark}" opacity="0.35"/>
    <polygon points="86,28 100,44 114,28" fill="${c.light}"/>
    <polygon points="86,28 72,44 100,44" fill="#ffffff" opacity="0.35"/>`,

  // 11 Herramientas: hammer crossed with a screwdriver.
  11: (c) => `
    <g transform="rotate(-40 100 100)">
      <rect x="92" y="56" width="16" height="120" rx="6" fill="${c.accent}"/>
      <rect x="58" y="30" width="24" height="34" rx="4" fill="${c.dark}"/>
      <rect x="70" y="34" width="64" height="26" rx="4" fill="${c.dark}"/>
      <path d="M130 34 Q160 38 168 72 L154 72 Q148 56 130 60 Z" fill="${c.dark}"/>
    </g>
    <g transform="rotate(40 100 100)">
      <rect x="95" y="20" width="10" height="80" fill="${c.light}"/>
      <path d="M95 20 L100 10 L105 20 Z" fill="${c.light}"/>
      <rect x="86" y="96" width="28" height="80" rx="12" fill="${c.main}"/>
      <rect x="94" y="108" width="4" height="56" rx="2" fill="#ffffff" opacity="0.35"/>
    </g>`,
};

const PALETTES: Record<number, Palette> = {
  1: {
    bgHue: 200,
    mains: ['#e76f51', '#2a9d8f', '#457b9d', '#f4a261', '#8e7dbe'],
    accent: '#f1faee',
    dark: '#1d3557',
    light: '#ffffff',
  },
  2: {
    bgHue: 190,
    mains: ['#5fa8d3', '#62b6cb', '#1b4965', '#8ab17d'],
    accent: '#cae9ff',
    dark: '#1b263b',
    light: '#f8f9fa',
  },
  3: {
    bgHue: 230,
    mains: ['#4361ee', '#7209b7', '#3a0ca3', '#4895ef'],
    accent: '#f72585',
    dark: '#22223b',
    light: '#edf2fb',
  },
  4: {
    bgHue: 330,
    mains: ['#e5989b', '#b5838d', '#d16ba5', '#ffb4a2'],
    accent: '#c9184a',
    dark: '#6d2e46',
    light: '#fde2e4',
  },
  5: {
    bgHue: 45,
    mains: ['#e63946', '#d62828', '#80b918', '#c1121f'],
    accent: '#f77f00',
    dark: '#6b4226',
    light: '#55a630',
  },
  6: {
    bgHue: 25,
    mains: ['#c68b59', '#a47148', '#d4a373', '#b5835a'],
    accent: '#e63946',
    dark: '#3d2c29',
    light: '#f3d5b5',
  },
  7: {
    bgHue: 35,
    mains: ['#2a9d8f', '#e9c46a', '#6d597a', '#bc6c25'],
    accent: '#f4f1de',
    dark: '#264653',
    light: '#8d6e63',
  },
  8: {
    bgHue: 100,
    mains: ['#52b788', '#40916c', '#74c69d', '#2d6a4f'],
    accent: '#d68c45',
    dark: '#1b4332',
    light: '#95d5b2',
  },
  9: {
    bgHue: 15,
    mains: ['#f3722c', '#f8961e', '#e85d04', '#f9844a'],
    accent: '#ffffff',
    dark: '#3a2e39',
    light: '#ffd6a5',
  },
  10: {
    bgHue: 270,
    mains: ['#4cc9f0', '#e0aaff', '#80ffdb', '#ff8fab'],
    accent: '#e9b949',
    dark: '#3c096c',
    light: '#ffffff',
  },
  11: {
    bgHue: 210,
    mains: ['#f9c74f', '#e63946', '#43aa8b', '#f8961e'],
    accent: '#a47148',
    dark: '#495057',
    light: '#8d99ae',
  },
};

/** HSL → hex, so the SVG only uses plain hex colours whatever librsvg's CSS support is. */
function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const lig = l / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const f = (n: number) => lig - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(x * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

function lookup(categoryId: number): { motif: Motif; palette: Palette } {
  const motif = MOTIFS[categoryId];
  const palette = PALETTES[categoryId];
  if (!motif || !palette) throw new Error(`No hay ilustración para la categoría ${categoryId}`);
  return { motif, palette };
}

function colorsFor(palette: Palette, index: number): MotifColors {
  return {
    main: palette.mains[index % palette.mains.length] ?? '#888888',
    accent: palette.accent,
    dark: palette.dark,
    light: palette.light,
  };
}

/** Square product tile: pastel background, soft blob and shadow, motif nudged per index. */
function productSvg(categoryId: number, index: number): string {
  const { motif, palette } = lookup(categoryId);
  const size = 480;
  // Multiplying by small coprime steps spreads neighbouring indexes apart instead of drifting slowly.
  const hue = palette.bgHue + ((index * 37) % 50) - 25;
  const bg = hsl(hue, 55, 91);
  const blob = hsl(hue + 10, 50, 83);
  const scale = 1.8 + ((index * 2) % 5) * 0.07;
  const rotate = ((index * 3) % 7) - 3;
  const dx = ((index * 5) % 7) - 3;
  const blobX = 150 + ((index * 53) % 180);
  const blobY = 150 + ((index * 29) % 160);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="${bg}"/>
  <circle cx="${blobX}" cy="${blobY}" r="170" fill="${blob}"/>
  <circle cx="${480 - blobX / 2}" cy="${70 + (index % 3) * 20}" r="26" fill="${blob}"/>
  <ellipse cx="${240 + dx * 4}" cy="410" rx="${120 * scale * 0.6}" ry="16" fill="#000000" opacity="0.08"/>
  <g transform="translate(${240 + dx * 4} 236) rotate(${rotate}) scale(${scale.toFixed(2)}) translate(-100 -100)">
    ${motif(colorsFor(palette, index))}
  </g>
</svg>`;
}

/** Wide category banner: soft diagonal gradient, decorative circles, motif in the middle. */
function categorySvg(categoryId: number): string {
  const { motif, palette } = lookup(categoryId);
  const [w, h] = [640, 400];
  const from = hsl(palette.bgHue - 20, 60, 92);
  const to = hsl(palette.bgHue + 25, 55, 80);
  const circle = hsl(palette.bgHue, 60, 96);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <circle cx="110" cy="90" r="120" fill="${circle}" opacity="0.55"/>
  <circle cx="560" cy="330" r="150" fill="${circle}" opacity="0.4"/>
  <circle cx="520" cy="70" r="22" fill="${circle}" opacity="0.7"/>
  <circle cx="90" cy="330" r="14" fill="${circle}" opacity="0.7"/>
  <ellipse cx="320" cy="352" rx="150" ry="16" fill="#000000" opacity="0.08"/>
  <g transform="translate(320 196) scale(1.75) translate(-100 -100)">
    ${motif(colorsFor(palette, 0))}
  </g>
</svg>`;
}

// Quality 70 keeps the flat illustrations crisp while keeping the files small.
const WEBP = { quality: 70, effort: 4 } as const;

/**
 * Where drawn images are kept between seeds: node_modules/.cache of the install this code runs from
 * (source or bundle alike), or nowhere when there is none. Drawing the 132 images takes seconds of CPU;
 * tests and fresh data directories seed over and over.
 */
let cacheDir: string | null | undefined;
function imageCacheDir(): string | null {
  if (cacheDir !== undefined) return cacheDir;
  cacheDir = null;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'node_modules'))) {
      cacheDir = join(dir, 'node_modules', '.cache', 'vitrina', 'seed-images');
      break;
    }
    if (dirname(dir) === dir) break;
  }
  return cacheDir;
}

/**
 * The WebP drawing of an SVG. A cached copy is named after everything the bytes depend on (the SVG, the
 * encoder's options and versions), so it can never be stale; any trouble with the cache just draws again.
 * sharp is loaded by the seed, not by every start of the shop that imports it.
 */
async function webp(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const dir = imageCacheDir();
  const key = createHash('sha256')
    .update(JSON.stringify([svg, WEBP, sharp.versions]))
    .digest('hex');
  const file = dir && join(dir, `${key}.webp`);
  if (file) {
    const cached = await readFile(file).catch(() => undefined);
    if (cached?.length) return cached;
  }
  const bytes = await sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
  if (dir && file) {
    // Written aside and renamed, so a reader never sees half a file, whoever writes at the same time.
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await mkdir(dir, { recursive: true })
      .then(() => writeFile(partial, bytes))
      .then(() => rename(partial, file))
      .catch(() => rm(partial, { force: true }).catch(() => {}));
  }
  return bytes;
}

/** 480x480 WebP illustration for the `index`-th product of a category. */
export async function productImage(categoryId: number, index: number): Promise<Buffer> {
  return webp(productSvg(categoryId, index));
}

/** 640x400 WebP banner for a category card. */
export async function categoryImage(categoryId: number): Promise<Buffer> {
  return webp(categorySvg(categoryId));
}
