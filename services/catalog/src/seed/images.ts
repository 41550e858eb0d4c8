import { FEATURE_IMAGE_SIZE, PRODUCT_IMAGE_SIZE } from '@pharmacy/contracts';
import { fitText, type FittedText } from './text';

export { SVG_CONTENT_TYPE } from '../media/svg';

/*
 * Demo images written as SVG from templates at seed time: flat vector shapes and the visitor's own system font,
 * so nothing binary is in git, no font file is needed, one file is sharp at every screen density (no srcset) and
 * the whole demo catalog is a few milliseconds of string building. Text is wrapped here, from estimated glyph
 * widths with a margin, and shrunk rather than ever cut: a product's full title is always on its pack.
 * Served from /api/media with a policy that lets an SVG run nothing (media/routes.ts).
 */

type RGB = [number, number, number];
const rgb = (h: string): RGB => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as RGB;
const hex = (c: RGB) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
/** `colour` moved towards `to` by t (0..1). */
const mix = (colour: string, to: string, t: number) => {
  const [a, b] = [rgb(colour), rgb(to)];
  return hex(a.map((v, i) => v + (b[i] - v) * t) as RGB);
};
const WHITE = '#ffffff';
const INK = '#0f172a';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function svg(width: number, height: number, label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(label)}">` +
    `<title>${escape(label)}</title><style>text{font-family:${FONT};font-weight:700}</style>${body}</svg>`
  );
}

/** Lines of fitted text; `anchor` middle centres them on x. */
function lines(t: FittedText, x: number, y: number, fill: string, anchor: 'start' | 'middle' = 'start', weight = 700): string {
  const attrs = `x="${x}" font-size="${t.size}" fill="${fill}"${anchor === 'middle' ? ' text-anchor="middle"' : ''}${weight !== 700 ? ` font-weight="${weight}"` : ''}`;
  return t.lines.map((line, i) => `<text ${attrs} y="${Math.round(y + i * t.lineHeight)}">${escape(line)}</text>`).join('');
}

export const CATEGORY_COLOURS: Record<string, string> = {
  'pain-relief': '#dc2626',
  'cold-and-flu': '#2563eb',
  allergy: '#7c3aed',
  'vitamins-and-supplements': '#ea580c',
  'digestive-health': '#16a34a',
  'skin-care': '#db2777',
  'personal-care': '#0891b2',
  'baby-and-mother': '#ca8a04',
  'first-aid': '#b91c1c',
  'eye-and-ear-care': '#0d9488',
};

/** Each category's mark, drawn in a 24-unit box with a round stroke. */
const CATEGORY_ICONS: Record<string, string> = {
  'pain-relief': '<rect x="2" y="8.5" width="20" height="7" rx="3.5" transform="rotate(-45 12 12)"/><path d="M9.5 9.5l5 5"/>',
  'cold-and-flu': '<path d="M10 4a2 2 0 0 1 4 0v9.5a4 4 0 1 1-4 0z"/><path d="M12 10v6"/>',
  allergy: '<circle cx="12" cy="12" r="2.5"/><circle cx="12" cy="6" r="3"/><circle cx="12" cy="18" r="3"/><circle cx="6" cy="12" r="3"/><circle cx="18" cy="12" r="3"/>',
  'vitamins-and-supplements': '<circle cx="12" cy="12" r="4.5"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"/>',
  'digestive-health': '<path d="M5 19C5 10 10 5 19 5c0 9-5 14-14 14z"/><path d="M5 19l8-8"/>',
  'skin-care': '<path d="M12 3s6 7 6 11a6 6 0 0 1-12 0c0-4 6-11 6-11z"/>',
  'personal-care': '<path d="M12 3l2 7 7 2-7 2-2 7-2-7-7-2 7-2z"/>',
  'baby-and-mother': '<path d="M12 20s-7.5-4.5-7.5-10A4.2 4.2 0 0 1 12 7.5 4.2 4.2 0 0 1 19.5 10c0 5.5-7.5 10-7.5 10z"/>',
  'first-aid': '<path d="M9 4h6v5h5v6h-5v5H9v-5H4V9h5z"/>',
  'eye-and-ear-care': '<path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
};

function icon(category: string, x: number, y: number, size: number, colour: string): string {
  const s = size / 24;
  return (
    `<g transform="translate(${x} ${y}) scale(${s})" fill="none" stroke="${colour}" stroke-width="2" ` +
    `stroke-linecap="round" stroke-linejoin="round">${CATEGORY_ICONS[category] ?? CATEGORY_ICONS['first-aid']}</g>`
  );
}

export type PackShape = 'box' | 'bottle' | 'tube' | 'blister';

/** The pack a dosage form comes in, as a shopper would expect to see it on a shelf. */
export function packShapeFor(dosageForm: string): PackShape {
  const f = dosageForm.toLowerCase();
  if (/\b(cream|gel|ointment|balm|paste)\b/.test(f)) return 'tube';
  if (/liquid|syrup|drops|spray|solution|suspension|wash|shampoo|mouthwash|lotion|roll-on|injection/.test(f)) return 'bottle';
  if (/lozenge|chewing gum|chewable|softgel|dispersible/.test(f)) return 'blister';
  return 'box';
}

interface PackText {
  brand: string;
  title: string;
  packSize: string;
}

/** Where a shape's label is and what goes on it; each shape draws its own pack around it. */
const PACKS: Record<PackShape, (t: PackText, c: { colour: string; dark: string; light: string }) => string> = {
  box: (t, { colour, dark, light }) => {
    const title = fitText(t.title, { width: 168, maxLines: 4, sizes: [26, 14] });
    const titleTop = 178 + (4 - title.lines.length) * 6;
    return (
      `<path d="M300 84l30-20v268l-30 20z" fill="${dark}"/><path d="M100 84l30-20h200l-30 20z" fill="${light}"/>` +
      `<rect x="100" y="84" width="200" height="268" rx="3" fill="${WHITE}"/>` +
      `<path d="M100 87a3 3 0 0 1 3-3h194a3 3 0 0 1 3 3v59H100z" fill="${colour}"/>` +
      lines(fitText(t.brand, { width: 168, maxLines: 1, sizes: [24, 14] }), 116, 124, WHITE) +
      lines(title, 116, titleTop, INK) +
      lines(fitText(t.packSize, { width: 168, maxLines: 1, sizes: [16, 11] }), 116, 302, dark, 'start', 600) +
      `<path d="M100 318h200v31a3 3 0 0 1-3 3H103a3 3 0 0 1-3-3z" fill="${dark}"/>`
    );
  },
  bottle: (t, { colour, dark }) => {
    const title = fitText(t.title, { width: 136, maxLines: 4, sizes: [22, 12] });
    return (
      `<rect x="160" y="48" width="80" height="44" rx="6" fill="${dark}"/>` +
      `<path d="M172 56v28M186 56v28M200 56v28M214 56v28M228 56v28" stroke="${mix(dark, WHITE, 0.25)}" stroke-width="3"/>` +
      `<rect x="172" y="90" width="56" height="22" fill="${mix(colour, WHITE, 0.3)}"/>` +
      `<rect x="110" y="106" width="180" height="248" rx="40" fill="${colour}"/>` +
      `<rect x="122" y="146" width="156" height="172" rx="8" fill="${WHITE}"/>` +
      lines(fitText(t.brand, { width: 136, maxLines: 1, sizes: [18, 11] }), 200, 172, dark, 'middle') +
      lines(title, 200, 200 + (4 - title.lines.length) * (title.lineHeight / 2), INK, 'middle') +
      lines(fitText(t.packSize, { width: 136, maxLines: 1, sizes: [14, 10] }), 200, 306, dark, 'middle', 600)
    );
  },
  tube: (t, { colour, dark }) => {
    const title = fitText(t.title, { width: 108, maxLines: 5, sizes: [20, 11] });
    return (
      `<rect x="126" y="52" width="148" height="24" rx="3" fill="${dark}"/>` +
      `<path d="M138 56v16M150 56v16M162 56v16M174 56v16M186 56v16M198 56v16M210 56v16M222 56v16M234 56v16M246 56v16M258 56v16" stroke="${mix(dark, WHITE, 0.25)}" stroke-width="2"/>` +
      `<path d="M128 76h144l-10 226q-3 18-22 20h-80q-19-2-22-20z" fill="${colour}"/>` +
      `<rect x="166" y="320" width="68" height="36" rx="5" fill="${dark}"/>` +
      `<rect x="140" y="104" width="120" height="180" rx="8" fill="${WHITE}"/>` +
      lines(fitText(t.brand, { width: 108, maxLines: 1, sizes: [17, 10] }), 200, 128, dark, 'middle') +
      lines(title, 200, 154 + (5 - title.lines.length) * (title.lineHeight / 2), INK, 'middle') +
      lines(fitText(t.packSize, { width: 108, maxLines: 1, sizes: [13, 9] }), 200, 274, dark, 'middle', 600)
    );
  },
  blister: (t, { colour, dark, light }) => {
    const title = fitText(t.title, { width: 196, maxLines: 3, sizes: [24, 13] });
    const bubbles = [125, 175, 225, 275]
      .flatMap((x) => [250, 306].map((y) => `<circle cx="${x}" cy="${y}" r="20" fill="${light}"/><ellipse cx="${x}" cy="${y}" rx="12" ry="12" fill="${WHITE}"/>`))
      .join('');
    return (
      `<rect x="78" y="66" width="244" height="288" rx="14" fill="${colour}"/>` +
      `<rect x="90" y="78" width="220" height="140" rx="8" fill="${WHITE}"/>` +
      lines(fitText(t.brand, { width: 196, maxLines: 1, sizes: [18, 11] }), 102, 102, dark) +
      lines(title, 102, 132, INK) +
      lines(fitText(t.packSize, { width: 196, maxLines: 1, sizes: [14, 10] }), 102, 208, dark, 'start', 600) +
      bubbles
    );
  },
};

/**
 * A product pack: its shape follows the dosage form, its colour and mark the category; the label carries the
 * brand, the whole title and the pack size. A prescription medicine has an Rx mark in the corner.
 */
export function productImage(p: { title: string; brand: string; category: string; dosageForm: string; packSize: string; requiresPrescription?: boolean }): string {
  const { width, height } = PRODUCT_IMAGE_SIZE;
  const colour = CATEGORY_COLOURS[p.category] ?? '#0d9488';
  const dark = mix(colour, INK, 0.3);
  const light = mix(colour, WHITE, 0.55);
  const shape = packShapeFor(p.dosageForm);
  const body =
    `<rect width="${width}" height="${height}" fill="${mix(colour, WHITE, 0.92)}"/>` +
    `<circle cx="${width - 30}" cy="40" r="110" fill="${mix(colour, WHITE, 0.84)}"/>` +
    `<ellipse cx="200" cy="362" rx="132" ry="12" fill="${INK}" opacity=".12"/>` +
    PACKS[shape](p, { colour, dark, light }) +
    `<circle cx="${width - 44}" cy="${height - 44}" r="26" fill="${dark}"/>` +
    icon(p.category, width - 58, height - 58, 28, WHITE) +
    (p.requiresPrescription
      ? `<rect x="16" y="16" width="58" height="34" rx="8" fill="${INK}"/><text x="45" y="40" font-size="19" fill="${WHITE}" text-anchor="middle">Rx</text>`
      : '');
  return svg(width, height, `${p.brand} ${p.title}, ${p.packSize}`, body);
}

/**
 * A home-page banner: the headline and subline in the middle band, a bottle, a pack and capsules on the right.
 * The text keeps clear of where the carousel puts its controls on a phone (previous and next at the sides, the
 * dots along the bottom), and is large: the banner is about 340 px wide there, where 72 px here reads as 20 px and 40 px as 11 px.
 */
export function featureImage(b: { headline: string; subline: string; colour: string; category: string }): string {
  const { width, height } = FEATURE_IMAGE_SIZE;
  const { colour } = b;
  const dark = mix(colour, INK, 0.35);
  const left = 200;
  const headline = fitText(b.headline, { width: 580, maxLines: 2, sizes: [72, 48] });
  const subline = fitText(b.subline, { width: 580, maxLines: 2, sizes: [40, 26] });
  const gap = 18;
  const blockHeight = headline.lines.length * headline.lineHeight + gap + subline.lines.length * subline.lineHeight;
  // centred in the band above the dots (y 24 to 300); a baseline sits about 0.8 of the size below a line's top
  const top = Math.round(162 - blockHeight / 2 + headline.size * 0.85);
  const subTop = Math.round(top + (headline.lines.length - 1) * headline.lineHeight + gap + subline.size * 1.05);
  const art =
    `<rect x="892" y="92" width="72" height="40" rx="6" fill="${dark}"/>` +
    `<rect x="852" y="128" width="152" height="220" rx="34" fill="${WHITE}"/>` +
    `<rect x="866" y="178" width="124" height="112" rx="8" fill="${mix(colour, WHITE, 0.82)}"/>` +
    icon(b.category, 904, 210, 48, dark) +
    `<path d="M1140 150l26-18v210l-26 18z" fill="${mix(colour, INK, 0.2)}"/><path d="M1020 150l26-18h120l-26 18z" fill="${mix(colour, WHITE, 0.6)}"/>` +
    `<rect x="1020" y="150" width="120" height="210" rx="3" fill="${mix(colour, WHITE, 0.92)}"/>` +
    `<rect x="1020" y="150" width="120" height="44" fill="${dark}"/>` +
    `<path d="M1058 262h44M1080 240v44" stroke="${colour}" stroke-width="14" stroke-linecap="round"/>` +
    `<g transform="rotate(-30 930 340)"><rect x="870" y="318" width="120" height="44" rx="22" fill="${WHITE}"/><path d="M930 318h38a22 22 0 0 1 0 44h-38z" fill="${mix(colour, WHITE, 0.5)}"/></g>`;
  const body =
    `<rect width="${width}" height="${height}" fill="${colour}"/>` +
    `<circle cx="1050" cy="70" r="250" fill="${mix(colour, WHITE, 0.14)}"/>` +
    `<circle cx="1170" cy="390" r="140" fill="${mix(colour, INK, 0.16)}"/>` +
    `<circle cx="40" cy="380" r="150" fill="${mix(colour, WHITE, 0.08)}"/>` +
    lines(headline, left, top, WHITE) +
    lines(subline, left, subTop, mix(colour, WHITE, 0.9), 'start', 500) +
    art;
  return svg(width, height, `${b.headline}. ${b.subline}`, body);
}
