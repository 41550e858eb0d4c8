import styled from 'styled-components';
import { CATEGORIES, type ProductFacets } from '@pharmacy/contracts';
import { ChoiceGroup, media, th } from '@pharmacy/ui';

const Group = styled(ChoiceGroup)`
  label {
    display: flex;
    align-items: center;
    gap: ${th((t) => t.space(2))};
    /* a whole row is the touch target of its checkbox: a finger's size on a phone, a pointer's beside a wide listing */
    min-height: 2.75rem;
    ${media.md} {
      min-height: 2rem;
    }
  }
  input {
    flex: none;
    width: 1.25rem;
    height: 1.25rem;
    accent-color: ${th((t) => t.colors.brandStrong)};
  }
  label:has(input:disabled) {
    color: ${th((t) => t.colors.textMuted)};
  }
  span.name {
    flex: 1;
  }
  /* a column of its own, held before the figures come, so a label never rewraps when its count arrives */
  span.count {
    flex: none;
    min-width: 2.5rem;
    text-align: right;
    color: ${th((t) => t.colors.textMuted)};
    font-size: ${th((t) => t.fontSizes.sm)};
  }
`;

export interface FilterGroupsProps {
  /** The server's counts for these choices (each group's counts apply the other group's choices); null while asked. */
  facets: ProductFacets | null;
  categories: string[];
  brands: string[];
  onToggleCategory: (id: string) => void;
  onToggleBrand: (name: string) => void;
}

/**
 * Category and brand checkboxes with the number of results each would give. A value with no results under the
 * other choices is disabled (it would only lead to an empty page) unless it is ticked, so it can be unticked.
 * Categories are known before the counts arrive, so their list is drawn at once and nothing below it moves.
 */
export function FilterGroups({ facets, categories, brands, onToggleCategory, onToggleBrand }: FilterGroupsProps) {
  const brandSelected = new Set(brands.map((b) => b.toLowerCase()));
  const counts = new Map((facets?.categories ?? []).map((c) => [c.id, c.count]));
  return (
    <>
      <Group>
        <legend>Category</legend>
        {CATEGORIES.map((c) => {
          const checked = categories.includes(c.id);
          const count = counts.get(c.id);
          return (
            <label key={c.id}>
              <input type="checkbox" checked={checked} disabled={!checked && count === 0} onChange={() => onToggleCategory(c.id)} />
              <span className="name">{c.label}</span> <span className="count">{count !== undefined && `(${count})`}</span>
            </label>
          );
        })}
      </Group>
      <Group>
        <legend>Brand</legend>
        {(facets?.brands ?? []).map((b) => {
          const checked = brandSelected.has(b.name.toLowerCase());
          return (
            <label key={b.name}>
              <input type="checkbox" checked={checked} disabled={!checked && b.count === 0} onChange={() => onToggleBrand(b.name)} />
              <span className="name">{b.name}</span> <span className="count">({b.count})</span>
            </label>
          );
        })}
      </Group>
    </>
  );
}
