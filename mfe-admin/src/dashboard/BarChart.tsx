import { useEffect, useRef, useState, type RefObject } from 'react';
import styled from 'styled-components';
import { th, useAppTheme } from '@pharmacy/ui';

export interface BarPoint {
  /** Shown under the bar (e.g. "05-14"). */
  label: string;
  /** Read out in the bar's tooltip (e.g. "14 May 2025"). */
  fullLabel?: string;
  value: number;
}

export interface BarChartProps {
  points: readonly BarPoint[];
  /** The chart's accessible name; a summary of the figures is appended. */
  label: string;
  format: (value: number) => string;
  /** The axis values, shorter where the figure allows ("$150" rather than "$150.00"); `format` by default. */
  formatAxis?: (value: number) => string;
  height?: number;
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  font-family: ${th((t) => t.fonts.body)};
`;

/** Without a measured width (first render, no ResizeObserver) the chart is drawn for this one. */
const FALLBACK_WIDTH = 640;
/** Axis text in CSS pixels: the chart is drawn at its real width, so this is the size people read. */
const FONT_SIZE = 12;
/** A rough advance per character of the body font at FONT_SIZE, to leave room for the longest axis value. */
const CHAR_WIDTH = 7;
/** The room one day label needs, gap included ("30 Jun"). */
const LABEL_ROOM = 56;
const PAD = { top: 12, right: 12, bottom: 28 };

/** Rounds the axis maximum up to 1, 2 or 5 times a power of ten so gridlines fall on readable values. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

/** How many bars apart the day labels are, so the labels that fit are shown and never overlap. */
export function labelEvery(bars: number, plotWidth: number): number {
  const fit = Math.max(2, Math.floor(plotWidth / LABEL_ROOM));
  return Math.max(1, Math.ceil(bars / fit));
}

/** The element's content width, kept current (null until measured, and where ResizeObserver does not exist). */
function useWidth<E extends Element>(): [RefObject<E | null>, number | null] {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * A small inline-SVG bar chart (no chart library: a few hundred bytes instead of a few hundred KB). It is drawn at
 * the width it is given, not scaled, so its 12 px labels stay 12 px on a phone; the left margin fits the longest
 * axis value and the day labels thin out as the chart narrows. Every bar has a tooltip; screen readers get the name
 * plus total and peak.
 */
export function BarChart({ points, label, format, formatAxis = format, height = 220 }: BarChartProps) {
  const t = useAppTheme();
  const [boxRef, measured] = useWidth<HTMLDivElement>();
  const width = measured && measured > 0 ? measured : FALLBACK_WIDTH;
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const tickLabels = ticks.map((v) => formatAxis(v));
  const left = 8 + Math.max(...tickLabels.map((text) => text.length)) * CHAR_WIDTH;
  const plotW = Math.max(1, width - left - PAD.right);
  const plotH = height - PAD.top - PAD.bottom;
  const slot = points.length > 0 ? plotW / points.length : plotW;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const peak = points.reduce<BarPoint | null>((best, p) => (best === null || p.value > best.value ? p : best), null);
  const summary = `${label}. Total ${format(total)}${peak && peak.value > 0 ? `, highest ${format(peak.value)} on ${peak.fullLabel ?? peak.label}` : ''}.`;
  const every = labelEvery(points.length, plotW);

  return (
    <div ref={boxRef}>
      <Svg viewBox={`0 0 ${width} ${height}`} height={height} role="img" aria-label={summary}>
        {ticks.map((v, i) => (
          <g key={v}>
            <line x1={left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke={t.colors.border} strokeWidth={1} />
            <text x={left - 6} y={y(v) + 4} textAnchor="end" fontSize={FONT_SIZE} fill={t.colors.textMuted}>
              {tickLabels[i]}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = left + i * slot + (slot - barW) / 2;
          const top = y(p.value);
          // The last label would run past the right edge if centred on a bar near it: anchor it at its end.
          const nearEnd = x + barW / 2 + LABEL_ROOM / 2 > width;
          return (
            <g key={`${p.label}-${i}`}>
              <rect
                data-testid="chart-bar"
                x={x}
                y={top}
                width={barW}
                height={Math.max(0, PAD.top + plotH - top)}
                rx={2}
                fill={t.colors.brand}
              >
                <title>{`${p.fullLabel ?? p.label}: ${format(p.value)}`}</title>
              </rect>
              {i % every === 0 && (
                <text
                  data-testid="chart-label"
                  x={nearEnd ? x + barW : x + barW / 2}
                  y={height - 8}
                  textAnchor={nearEnd ? 'end' : 'middle'}
                  fontSize={FONT_SIZE}
                  fill={t.colors.textMuted}
                >
                  {p.label}
                </text>
              )}
            </g>
          );
        })}
      </Svg>
    </div>
  );
}
