import { PNG } from 'pngjs';
import { FEATURE_IMAGE_SIZE, PRODUCT_IMAGE_SIZE } from '@pharmacy/contracts';
import { GLYPHS, textWidth } from './font';

/**
 * Demo images drawn at seed time (no network, nothing binary in git): flat shapes and a bitmap font on a
 * pngjs canvas. Flat colours compress well, so each file is a few kilobytes.
 */
type RGB = [number, number, number];

class Canvas {
  // Pixels are drawn into a plain typed array and copied into the PNG once, at encode time.
  private readonly px: Uint8Array;
  constructor(readonly width: number, readonly height: number, fill: RGB) {
    this.px = new Uint8Array(width * height * 4);
    this.rect(0, 0, width, height, fill);
  }

  set(x: number, y: number, [r, g, b]: RGB): void {
    x = Math.round(x);
    y = Math.round(y);
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (this.width * y + x) << 2;
    this.px[i] = r;
    this.px[i + 1] = g;
    this.px[i + 2] = b;
    this.px[i + 3] = 255;
  }

  rect(x0: number, y0: number, w: number, h: number, c: RGB, radius = 0): void {
    [x0, y0, w, h] = [Math.round(x0), Math.round(y0), Math.round(w), Math.round(h)];
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x++) {
        if (radius > 0) {
          const dx = x < x0 + radius ? x0 + radius - x : x > x0 + w - radius - 1 ? x - (x0 + w - radius - 1) : 0;
          const dy = y < y0 + radius ? y0 + radius - y : y > y0 + h - radius - 1 ? y - (y0 + h - radius - 1) : 0;
          if (dx * dx + dy * dy > radius * radius) continue;
        }
        this.set(x, y, c);
      }
    }
  }

  circle(cx: number, cy: number, r: number, c: RGB): void {
    for (let y = Math.floor(cy - r); y <= cy + r; y++) {
      for (let x = Math.floor(cx - r); x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.set(x, y, c);
    }
  }

  text(text: string, x0: number, y0: number, scale: number, c: RGB): void {
    let x = x0;
    for (const ch of text.toUpperCase()) {
      const glyph = GLYPHS[ch] ?? GLYPHS[' '];
      glyph.forEach((row, gy) => {
        for (let gx = 0; gx < 5; gx++) if (row[gx] === '1') this.rect(x + gx * scale, y0 + gy * scale, scale, scale, c);
      });
      x += 6 * scale;
    }
  }

  centredText(text: string, cx: number, y: number, scale: number, c: RGB): void {
    this.text(text, Math.round(cx - textWidth(text, scale) / 2), y, scale, c);
  }

  cross(cx: number, cy: number, size: number, c: RGB): void {
    const t = Math.round(size / 3);
    this.rect(cx - t / 2, cy - size / 2, t, size, c);
    this.rect(cx - size / 2, cy - t / 2, size, t, c);
  }

  encode(): Buffer {
    const png = new PNG({ width: this.width, height: this.height });
    png.data.set(this.px);
    // RGBA as drawn and one fixed filter ("Up": most rows repeat the one above) instead of pngjs's RGB repacking and
    // per-row search over all five filters, plain JS loops that took over a second per image inside jest.
    return PNG.sync.write(png, { colorType: 6, filterType: 2, deflateLevel: 9 });
  }
}

const hex = (h: string): RGB => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const mix = (a: RGB, b: RGB, t: number): RGB => [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as RGB;
const WHITE: RGB = [255, 255, 255];
const INK: RGB = [15, 23, 42];

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

const shapeFor = (dosageForm: string): 'bottle' | 'tube' | 'box' => {
  const f = dosageForm.toLowerCase();
  if (/liquid|syrup|drops|spray|solution|wash|shampoo|mouthwash|lotion/.test(f)) return 'bottle';
  if (/cream|gel|ointment|balm|paste/.test(f)) return 'tube';
  return 'box';
};

/** A product pack: its shape follows the dosage form, its colour the category, its label the brand. */
export function productImage(p: { title: string; brand: string; category: string; dosageForm: string; requiresPrescription?: boolean }): Buffer {
  const { width, height } = PRODUCT_IMAGE_SIZE;
  const colour = hex(CATEGORY_COLOURS[p.category] ?? '#0d9488');
  const c = new Canvas(width, height, mix(colour, WHITE, 0.9));
  c.circle(width - 40, 40, 90, mix(colour, WHITE, 0.8));
  c.rect(60, 350, 280, 14, mix(colour, WHITE, 0.75), 7); // shadow
  const label = p.brand.split(/\s+/)[0].slice(0, 9);
  const word = p.title.split(/\s+/)[0].replace(/[^A-Za-z0-9]/g, '').slice(0, 12);
  const shape = shapeFor(p.dosageForm);
  if (shape === 'bottle') {
    c.rect(165, 60, 70, 40, mix(colour, INK, 0.35), 8); // cap
    c.rect(110, 100, 180, 255, colour, 28);
    c.rect(125, 170, 150, 120, WHITE, 10);
    c.centredText(label, 200, 185, 3, colour);
    c.centredText(word, 200, 225, word.length > 8 ? 2 : 3, INK);
    c.cross(200, 270, 24, colour);
  } else if (shape === 'tube') {
    c.rect(175, 50, 50, 40, mix(colour, INK, 0.35), 6); // cap
    c.rect(120, 85, 160, 270, colour, 20);
    c.rect(120, 330, 160, 25, mix(colour, INK, 0.2)); // crimp
    c.rect(135, 150, 130, 120, WHITE, 10);
    c.centredText(label, 200, 165, label.length > 6 ? 2 : 3, colour);
    c.centredText(word, 200, 205, 2, INK);
    c.cross(200, 248, 22, colour);
  } else {
    c.rect(80, 90, 240, 260, colour, 12);
    c.rect(80, 90, 240, 36, mix(colour, INK, 0.25), 12);
    c.rect(95, 150, 210, 150, WHITE, 10);
    c.centredText(label, 200, 168, label.length > 7 ? 3 : 4, colour);
    c.centredText(word, 200, 220, word.length > 10 ? 2 : 3, INK);
    c.cross(200, 272, 26, colour);
  }
  if (p.requiresPrescription) {
    c.rect(20, 20, 70, 40, INK, 8);
    c.centredText('RX', 55, 28, 3, WHITE);
  }
  return c.encode();
}

/** A home-page banner: a headline, a subline and pill shapes on a two-tone background. */
export function featureImage(b: { headline: string; subline: string; colour: string }): Buffer {
  const { width, height } = FEATURE_IMAGE_SIZE;
  const colour = hex(b.colour);
  const c = new Canvas(width, height, colour);
  c.circle(1040, 80, 220, mix(colour, WHITE, 0.15));
  c.circle(1120, 360, 140, mix(colour, INK, 0.15));
  // capsules
  c.rect(880, 150, 150, 60, WHITE, 30);
  c.rect(955, 150, 75, 60, mix(colour, WHITE, 0.55), 30);
  c.rect(955, 150, 30, 60, mix(colour, WHITE, 0.55));
  c.circle(960, 290, 40, WHITE);
  c.rect(925, 286, 70, 8, mix(colour, WHITE, 0.6));
  c.cross(1080, 250, 60, WHITE);
  const headScale = textWidth(b.headline, 8) <= 780 ? 8 : 6;
  c.text(b.headline, 70, 120, headScale, WHITE);
  c.text(b.subline, 72, 120 + 7 * headScale + 40, 4, mix(colour, WHITE, 0.85));
  c.rect(72, 300, 220, 56, WHITE, 28);
  c.centredText('SHOP NOW', 182, 314, 4, colour);
  return c.encode();
}
