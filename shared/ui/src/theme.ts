// Brings styled-components' DefaultTheme = AppTheme along wherever this module is compiled (a remote, a test).
import type {} from './styled';
import { createElement, useContext, type ReactNode } from 'react';
import { ThemeContext, ThemeProvider as StyledThemeProvider } from 'styled-components';

/** Breakpoints in px (min-width), mobile first. */
export const breakpoints = { sm: 640, md: 768, lg: 1024 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** `${media.md} { ... }` inside a styled template. */
export const media = {
  sm: `@media (min-width: ${breakpoints.sm}px)`,
  md: `@media (min-width: ${breakpoints.md}px)`,
  lg: `@media (min-width: ${breakpoints.lg}px)`,
} as const;

/** One spacing unit is 0.25rem, so the admin sidebar's 64 spacing units are space(64) === '16rem' (docs/product.md#interface-constants). */
export const space = (units: number): string => `${units * 0.25}rem`;

export const theme = {
  colors: {
    // The spinner's teal (docs/product.md#interface-constants): the brand colour for graphics (spinner, focus ring, accents).
    brand: '#0d9488',
    // White text on #0d9488 is only 3.7:1; filled buttons and links use the darker teal (5.5:1, WCAG AA).
    brandStrong: '#0f766e',
    brandStronger: '#115e59',
    brandSubtle: '#ccfbf1',
    onBrand: '#ffffff',
    text: '#0f172a',
    textMuted: '#475569',
    border: '#cbd5e1',
    borderStrong: '#94a3b8',
    surface: '#ffffff',
    surfaceMuted: '#f1f5f9',
    background: '#f8fafc',
    overlay: 'rgba(15, 23, 42, 0.55)',
    danger: '#dc2626',
    dangerStrong: '#b91c1c',
    dangerSubtle: '#fee2e2',
    onDanger: '#ffffff',
    success: '#15803d',
    successSubtle: '#dcfce7',
    warning: '#a16207',
    warningSubtle: '#fef9c3',
    focus: '#0d9488',
  },
  radii: { sm: '0.25rem', md: '0.5rem', lg: '0.75rem', full: '9999px' },
  fontSizes: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.25rem', '2xl': '1.5rem', '3xl': '1.875rem' },
  fontWeights: { normal: 400, medium: 500, semibold: 600, bold: 700 },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  shadows: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.06)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.16)',
  },
  zIndices: { header: 10, drawer: 40, overlay: 50, dialog: 60, toast: 100 },
  space,
  breakpoints,
  media,
};

export type AppTheme = typeof theme;

type WithTheme = { theme?: unknown };
const isTheme = (value: unknown): value is AppTheme =>
  typeof value === 'object' && value !== null && 'colors' in value && 'radii' in value;

/**
 * Reads a theme value inside a styled template, falling back to the default theme when a component is
 * rendered without a ThemeProvider (a remote's own tests, a widget mounted before the host's provider).
 */
export const th =
  <R>(pick: (t: AppTheme) => R) =>
  (props: WithTheme): R =>
    pick(isTheme(props.theme) ? props.theme : theme);

export interface ThemeProviderProps {
  children?: ReactNode;
  /** Overrides merged over the default theme (shallow per group). */
  theme?: Partial<AppTheme>;
}

export function ThemeProvider({ children, theme: overrides }: ThemeProviderProps) {
  const value: AppTheme = overrides ? { ...theme, ...overrides } : theme;
  return createElement(StyledThemeProvider, { theme: value }, children);
}

/** The current theme, or the default one outside a ThemeProvider. */
export function useAppTheme(): AppTheme {
  const fromContext: unknown = useContext(ThemeContext);
  return isTheme(fromContext) ? fromContext : theme;
}
