import styled from 'styled-components';
import { th } from '../theme';
import { Button } from './Button';

const Nav = styled.nav<{ $align: 'center' | 'end' }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: ${({ $align }) => ($align === 'end' ? 'flex-end' : 'center')};
  gap: ${th((t) => t.space(2))};
  margin-top: ${th((t) => t.space(4))};
`;

/** Page numbers around the current page, with the first and last always reachable and a gap for what is skipped. */
export function pagesToShow(page: number, pages: number): Array<number | 'gap'> {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one list ("Orders pages"). */
  label?: string;
  /** Shop lists centre it under a grid; staff tables end it under the last column. */
  align?: 'center' | 'end';
}

/** Previous, the page numbers near the current one, Next; nothing when everything fits on one page. */
export function Pagination({ page, limit, total, onPage, label = 'Pages', align = 'center' }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  if (pages <= 1) return null;
  return (
    <Nav aria-label={label} $align={align}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pagesToShow(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            size="sm"
            variant={p === page ? 'primary' : 'ghost'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onPage(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Nav>
  );
}
