import type { ReactNode } from 'react';
import styled from 'styled-components';
import { th, type AppTheme } from '../theme';

export type BadgeVariant = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

// Every pair is dark text on a light tint (>= 4.5:1) so small badge text stays readable.
const palette: Record<BadgeVariant, (t: AppTheme) => [string, string]> = {
  neutral: (t) => [t.colors.surfaceMuted, t.colors.text],
  brand: (t) => [t.colors.brandSubtle, t.colors.brandStronger],
  success: (t) => [t.colors.successSubtle, t.colors.success],
  warning: (t) => [t.colors.warningSubtle, t.colors.warning],
  danger: (t) => [t.colors.dangerSubtle, t.colors.dangerStrong],
};

const StyledBadge = styled.span<{ $variant: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  padding: 0.125rem 0.5rem;
  border-radius: ${th((t) => t.radii.full)};
  font-size: ${th((t) => t.fontSizes.xs)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  line-height: 1.5;
  white-space: nowrap;
  background: ${(p) => th((t) => palette[p.$variant](t)[0])(p)};
  color: ${(p) => th((t) => palette[p.$variant](t)[1])(p)};
`;

export interface BadgeProps {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
}

export function Badge({ variant = 'neutral', children, className }: BadgeProps) {
  return (
    <StyledBadge $variant={variant} className={className}>
      {children}
    </StyledBadge>
  );
}
