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
  height?: number;
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
  font-family: ${th((t) => t.fonts.body)};
`;

const WIDTH = 640;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/** Rounds the axis maximum up to 1, 2 or 5 times a power of ten so gridlines fall on readable values. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

/**
 * A small inline-SVG bar chart (no chart library: a few hundred bytes instead of a few hundred KB).
 * Every bar has a tooltip; screen readers get the name plus total and peak.
 */
export function BarChart({ points, label, format, height = 220 }: BarChartProps) {
  const t = useAppTheme();
  const max = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const slot = points.length > 0 ? plotW / points.length : plotW;
  const barW = Math.max(2, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const peak = points.reduce<BarPoint | null>((best, p) => (best === null || p.value > best.value ? p : best), null);
  const summary = `${label}. Total ${format(total)}${peak && peak.value > 0 ? `, highest ${format(peak.value)} on ${peak.fullLabel ?? peak.label}` : ''}.`;
  // Label every nth bar so the dates never overlap.
  const every = Math.max(1, Math.ceil(points.length / 8));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);

  return (
    <Svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={summary}>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} stroke={t.colors.border} strokeWidth={1} />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill={t.colors.textMuted}>
            {format(v)}
          </text>
        </g>
      ))}
      {points.map((p, i) => {
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const top = y(p.value);
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
              <text x={x + barW / 2} y={height - 8} textAnchor="middle" fontSize={11} fill={t.colors.textMuted}>
                {p.label}
              </text>
            )}
          </g>
        );
      })}
    </Svg>
  );
}
