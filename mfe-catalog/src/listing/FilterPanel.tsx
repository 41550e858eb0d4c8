import styled from 'styled-components';
import { Button, media, th } from '@pharmacy/ui';
import { FilterGroups, type FilterGroupsProps } from './FilterGroups';

/** Beside the grid from md up; a phone has the Filters button and its sheet instead (no checkboxes before the products). */
const Panel = styled.aside`
  display: none;
  ${media.md} {
    display: flex;
    flex-direction: column;
    gap: ${th((t) => t.space(4))};
  }
`;

/** The wide screen's filters: each tick applies at once (the grid is right beside it) with the server's counts. */
export function FilterPanel({ onClear, ...groups }: FilterGroupsProps & { onClear: () => void }) {
  const selected = groups.categories.length + groups.brands.length;
  return (
    <Panel aria-label="Filters">
      <FilterGroups {...groups} />
      {selected > 0 && (
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Panel>
  );
}
