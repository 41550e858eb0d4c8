import { useId, useState } from 'react';
import styled from 'styled-components';
import { CATEGORIES, type ProductFacets } from '@pharmacy/contracts';
import { Button, ChoiceGroup, media, th } from '@pharmacy/ui';

const Panel = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(3))};
`;

/** On a phone the groups fold behind a button, so the products are on screen first; from md up they always show. */
const Groups = styled.div<{ $open: boolean }>`
  display: ${(p) => (p.$open ? 'flex' : 'none')};
  flex-direction: column;
  gap: ${th((t) => t.space(4))};
  ${media.md} {
    display: flex;
  }
`;

const Toggle = styled(Button)`
  align-self: flex-start;
  ${media.md} {
    display: none;
  }
`;

const Group = styled(ChoiceGroup)`
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

/**
 * Category and brand checkboxes; several values in one group widen the results, the two groups narrow them.
 * Categories are known before the counts arrive, so their list is drawn at once and nothing below it moves.
 */
export function FilterPanel({ facets, categories, brands, onToggleCategory, onToggleBrand, onClear }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const groupsId = useId();
  const brandSelected = new Set(brands.map((b) => b.toLowerCase()));
  const counts = new Map((facets?.categories ?? []).map((c) => [c.id, c.count]));
  const selected = categories.length + brands.length;
  return (
    <Panel aria-label="Filters">
      <Toggle variant="secondary" size="sm" aria-expanded={open} aria-controls={groupsId} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide filters' : 'Filters'}
        {selected > 0 && ` (${selected} selected)`}
      </Toggle>
      <Groups id={groupsId} $open={open}>
        <Group>
          <legend>Category</legend>
          {CATEGORIES.map((c) => (
            <label key={c.id}>
              <input type="checkbox" checked={categories.includes(c.id)} onChange={() => onToggleCategory(c.id)} />
              {c.label} {counts.has(c.id) && <span className="count">({counts.get(c.id)})</span>}
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
        {selected > 0 && (
          <Button variant="secondary" size="sm" onClick={onClear}>
            Clear filters
          </Button>
        )}
      </Groups>
    </Panel>
  );
}
