/*
 * Wrapping text for the seed's SVG images without a font file or a layout engine: line widths are estimated from
 * Helvetica Bold's advance widths (what system sans-serif bold faces come close to), with a margin for wider
 * fallbacks such as DejaVu Sans. Text is made smaller, then given more lines, and never cut.
 */

// Helvetica-Bold advance widths (thousandths of an em) for the printable ASCII characters, space to tilde.
const WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333,
  584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
  667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
/** Anything outside ASCII (accents, curly quotes) is taken as a wide letter. */
const OTHER = 722;
/** Room left for fonts wider than Helvetica. */
const MARGIN = 1.12;

/** The estimated width of `text` at `size` px, margin included. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    units += code >= 32 && code <= 126 ? WIDTHS[code - 32] : OTHER;
  }
  return (units / 1000) * size * MARGIN;
}

export interface FittedText {
  lines: string[];
  size: number;
  lineHeight: number;
}

function wrap(words: string[], width: number, size: number): string[] {
  const out: string[] = [];
  for (const word of words) {
    const last = out[out.length - 1];
    if (last !== undefined && textWidth(`${last} ${word}`, size) <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/**
 * `text` in lines no wider than `width`: the largest size from sizes[0] down to sizes[1] at which it takes at most
 * `maxLines`; failing that, the smallest size with as many lines as it needs, smaller still if one word alone is
 * too wide. Every word is kept, in order.
 */
export function fitText(text: string, opts: { width: number; maxLines: number; sizes: [number, number] }): FittedText {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const [largest, smallest] = opts.sizes;
  const result = (lines: string[], size: number): FittedText => ({ lines, size, lineHeight: Math.round(size * 1.18) });
  for (let size = largest; size >= smallest; size--) {
    const lines = wrap(words, opts.width, size);
    if (lines.length <= opts.maxLines && lines.every((l) => textWidth(l, size) <= opts.width)) return result(lines, size);
  }
  const lines = wrap(words, opts.width, smallest);
  const widest = Math.max(...lines.map((l) => textWidth(l, smallest)));
  const size = widest > opts.width ? Math.floor((smallest * opts.width) / widest) : smallest;
  return result(lines, size);
}
