import styled from 'styled-components';
import { Button, th } from '@pharmacy/ui';

const Nav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${th((t) => t.space(3))};
  margin-top: ${th((t) => t.space(4))};
  color: ${th((t) => t.colors.textMuted)};
`;

export interface PaginationProps {
  label: string;
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pagination({ label, page, limit, total, onPage }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, limit)));
  if (pages <= 1) return null;
  return (
    <Nav aria-label={label}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </Nav>
  );
}
