import type { TableHTMLAttributes } from 'react';
import styled from 'styled-components';
import { th } from '../theme';

const Scroll = styled.div`
  width: 100%;
  overflow-x: auto;
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};
  background: ${th((t) => t.colors.surface)};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${th((t) => t.fontSizes.sm)};
`;

/** A semantic table inside a horizontally scrolling frame (wide tables stay usable on phones). */
export function Table({ children, ...rest }: TableHTMLAttributes<HTMLTableElement>) {
  return (
    <Scroll>
      <StyledTable {...rest}>{children}</StyledTable>
    </Scroll>
  );
}

export const TableCaption = styled.caption`
  padding: ${th((t) => t.space(3))};
  text-align: left;
  color: ${th((t) => t.colors.textMuted)};
`;

export const TableHead = styled.thead`
  background: ${th((t) => t.colors.surfaceMuted)};
`;

export const TableBody = styled.tbody``;

export const TableRow = styled.tr`
  border-bottom: 1px solid ${th((t) => t.colors.border)};
  tbody &:last-child { border-bottom: none; }
  tbody &:hover { background: ${th((t) => t.colors.background)}; }
`;

export const TableHeaderCell = styled.th`
  padding: ${th((t) => t.space(3))} ${th((t) => t.space(4))};
  text-align: left;
  font-weight: ${th((t) => t.fontWeights.semibold)};
  color: ${th((t) => t.colors.text)};
  white-space: nowrap;
`;

export const TableCell = styled.td`
  padding: ${th((t) => t.space(3))} ${th((t) => t.space(4))};
  vertical-align: middle;
  color: ${th((t) => t.colors.text)};
`;
