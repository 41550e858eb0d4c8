import styled from 'styled-components';
import type { ProductFacets } from '@pharmacy/contracts';
import { Button, th } from '@pharmacy/ui';

const Panel = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(4))};
`;

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: ${th((t) => t.space(2))};
    font-weight: ${th((t) => t.fontWeights.semibold)};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${th((t) => t.space(2))};
    min-height: 2rem;
    cursor: pointer;
  }
  input {
    width: 1.1rem;
    height: 1.1rem;
    accent-color: ${th((t) => t.colors.brandStrong)};
  }
  span.count {
    color: ${th((t) => t.colors.textMuted)};
    font-size: ${th((t) => t.fontSizes.sm)};
  }
`;

export interface FilterPanelProps {
  facets: ProductFacets | null;
  categories: string[];
  brands: string[];
  onToggleCategory: (id: string) => void;
  onToggleBrand: (name: string) => void;
  onClear: () => void;
}

/** Category and brand checkboxes; several values in one group widen the results, the two groups narrow them. */
export function FilterPanel({ facets, categories, brands, onToggleCategory, onToggleBrand, onClear }: FilterPanelProps) {
  const brandSelected = new Set(brands.map((b) => b.toLowerCase()));
  return (
    <Panel aria-label="Filters">
      <Group>
        <legend>Category</legend>
        {(facets?.categories ?? []).map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={categories.includes(c.id)} onChange={() => onToggleCategory(c.id)} />
            {c.label} <span className="count">({c.count})</span>
          </label>
        ))}
      </Group>
      <Group>
        <legend>Brand</legend>
        {(facets?.brands ?? []).map((b) => (
          <label key={b.name}>
            <input type="checkbox" checked={brandSelected.has(b.name.toLowerCase())} onChange={() => onToggleBrand(b.name)} />
            {b.name} <span className="count">({b.count})</span>
          </label>
        ))}
      </Group>
      {(categories.length > 0 || brands.length > 0) && (
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Panel>
  );
}
