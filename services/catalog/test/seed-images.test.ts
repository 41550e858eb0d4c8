/**
 * @jest-environment jsdom
 */
// The demo images parsed as a browser parses them (DOMParser, image/svg+xml): well-formed, the declared size, the
// title on the pack in full and in order, and every text line inside its label by the widths used to wrap it.
import { FEATURE_IMAGE_SIZE, MARKETS, PRODUCT_IMAGE_SIZE } from '@pharmacy/contracts';
import { featureImage, packShapeFor, productImage } from '../src/seed/images';
import { SEED_PRODUCTS, seedFeatures } from '../src/seed/products';
import { fitText, textWidth } from '../src/seed/text';

const parse = (svg: string) => {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc.documentElement;
};
const textsOf = (root: Element) => [...root.getElementsByTagName('text')].map((t) => t.textContent ?? '');

describe('product packs', () => {
  it('every demo product gets a well-formed 400×400 SVG with its brand, whole title and pack size', () => {
    for (const p of SEED_PRODUCTS) {
      const svg = productImage(p);
      expect(Buffer.byteLength(svg)).toBeLessThan(30_000);
      const root = parse(svg);
      expect([root.tagName, root.getAttribute('width'), root.getAttribute('height')]).toEqual([
        'svg',
        String(PRODUCT_IMAGE_SIZE.width),
        String(PRODUCT_IMAGE_SIZE.height),
      ]);
      expect(root.getAttribute('role')).toBe('img');
      expect(root.querySelector('title')?.textContent).toBe(`${p.brand} ${p.title}, ${p.packSize}`);
      const texts = textsOf(root);
      expect(texts.join(' ')).toContain(p.title);
      expect(texts).toContain(p.brand);
      expect(texts).toContain(p.packSize);
      expect(texts.includes('Rx')).toBe(Boolean(p.requiresPrescription));
      expect(root.querySelector('script, foreignObject, [href], [onload]')).toBeNull();
    }
  });

  it('a long word is never cut: "Antibacterial Hand Sanitiser Gel" keeps every letter', () => {
    const p = SEED_PRODUCTS.find((x) => x.title.startsWith('Antibacterial'))!;
    expect(textsOf(parse(productImage(p))).join(' ')).toContain('Antibacterial Hand Sanitiser Gel');
  });

  it('the pack follows the dosage form', () => {
    expect(['Tablets', 'Oral syrup', 'Cream', 'Lozenges', 'Softgel capsules', 'Oral gel', 'Eye drops'].map(packShapeFor)).toEqual([
      'box',
      'bottle',
      'tube',
      'blister',
      'blister',
      'tube',
      'bottle',
    ]);
    const shapes = new Set(SEED_PRODUCTS.map((p) => packShapeFor(p.dosageForm)));
    expect([...shapes].sort()).toEqual(['blister', 'bottle', 'box', 'tube']);
  });
});

describe('home banners', () => {
  it('are well-formed 1200×400 SVGs with the headline and subline in full', () => {
    for (const f of seedFeatures(MARKETS.GB)) {
      const root = parse(featureImage(f));
      expect([root.getAttribute('width'), root.getAttribute('height')]).toEqual([String(FEATURE_IMAGE_SIZE.width), String(FEATURE_IMAGE_SIZE.height)]);
      const texts = textsOf(root).join(' ');
      expect(texts).toContain(f.headline);
      expect(texts).toContain(f.subline);
    }
  });
});

describe('fitText', () => {
  it('keeps to the width and lines at the largest size that fits', () => {
    const fitted = fitText('Ibuprofen 400mg Max Strength Tablets', { width: 168, maxLines: 4, sizes: [60, 14] });
    expect(fitted.size).toBeLessThan(60);
    expect(fitted.lines.join(' ')).toBe('Ibuprofen 400mg Max Strength Tablets');
    expect(fitted.lines.length).toBeLessThanOrEqual(4);
    for (const line of fitted.lines) expect(textWidth(line, fitted.size)).toBeLessThanOrEqual(168);
    // one size larger would not have fitted
    const larger = fitText('Ibuprofen 400mg Max Strength Tablets', { width: 168, maxLines: 4, sizes: [fitted.size + 1, fitted.size + 1] });
    expect(larger.size === fitted.size + 1 && larger.lines.length <= 4 && larger.lines.every((l) => textWidth(l, larger.size) <= 168)).toBe(false);
  });

  it('takes more lines, then a smaller size, rather than cutting anything', () => {
    const many = fitText('one two three four five six seven eight nine ten', { width: 60, maxLines: 2, sizes: [20, 12] });
    expect(many.lines.join(' ')).toBe('one two three four five six seven eight nine ten');
    expect(many.lines.length).toBeGreaterThan(2);
    const long = fitText('Pneumonoultramicroscopicsilicovolcanoconiosis', { width: 100, maxLines: 1, sizes: [20, 12] });
    expect(long.lines).toEqual(['Pneumonoultramicroscopicsilicovolcanoconiosis']);
    expect(long.size).toBeLessThan(12);
    expect(textWidth(long.lines[0], long.size)).toBeLessThanOrEqual(100);
  });
});
