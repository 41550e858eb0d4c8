import { useEffect, useRef } from 'react';
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

/** Holds the two groups for reading back early ticks, and leaves their layout to the panel or sheet around them. */
const Groups = styled.div`
  display: contents;
`;

export interface FilterGroupsProps {
  /** The server's counts for these choices (each group's counts apply the other group's choices); null while asked. */
  facets: ProductFacets | null;
  categories: string[];
  brands: string[];
  onToggleCategory: (id: string) => void;
  onToggleBrand: (name: string) => void;
  /** The boxes as the shopper left them before the page's code ran, when they differ from the choices drawn. */
  onTickedBeforeReady: (ticked: { categories: string[]; brands: string[] }) => void;
}

/**
 * A box ticked on the server's page before its code has run is ticked in the browser only (hydration keeps the
 * element as it is): once attached, the choices the shopper made are read back and applied, so an early tap on a
 * slow phone filters instead of showing a tick that means nothing.
 */
function useTicksBeforeReady(
  { categories, brands, onTickedBeforeReady }: Pick<FilterGroupsProps, 'categories' | 'brands' | 'onTickedBeforeReady'>,
) {
  const groups = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // box by box: a value with no box drawn yet (brands before their counts arrive) keeps its choice
    let changed = false;
    const read = (group: string, chosen: string[]) => {
      let next = chosen;
      for (const box of groups.current?.querySelectorAll<HTMLInputElement>(`input[data-group="${group}"]`) ?? []) {
        const wasChosen = chosen.some((v) => v.toLowerCase() === box.value.toLowerCase());
        if (box.checked === wasChosen) continue;
        changed = true;
        next = box.checked ? [...next, box.value] : next.filter((v) => v.toLowerCase() !== box.value.toLowerCase());
      }
      return next;
    };
    const early = { categories: read('category', categories), brands: read('brand', brands) };
    if (changed) onTickedBeforeReady(early);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at attach: later ticks go through onChange
  }, []);
  return groups;
}

interface ChoiceProps {
  group: 'category' | 'brand';
  value: string;
  label: string;
  /** Products under the other choices; unknown until the figures come. */
  count: number | undefined;
  checked: boolean;
  onToggle: () => void;
}

/** One value with its count: a value with nothing under the other choices cannot be ticked, only unticked. */
function Choice({ group, value, label, count, checked, onToggle }: ChoiceProps) {
  return (
    <label>
      <input type="checkbox" data-group={group} value={value} checked={checked} disabled={!checked && count === 0} onChange={onToggle} />
      <span className="name">{label}</span> <span className="count">{count !== undefined && `(${count})`}</span>
    </label>
  );
}

/**
 * Category and brand checkboxes with the number of results each would give. A value with no results under the
 * other choices is disabled (it would only lead to an empty page) unless it is ticked, so it can be unticked.
 * Categories are known before the counts arrive, so their list is drawn at once and nothing below it moves.
 */
export function FilterGroups({ facets, categories, brands, onToggleCategory, onToggleBrand, onTickedBeforeReady }: FilterGroupsProps) {
  const groups = useTicksBeforeReady({ categories, brands, onTickedBeforeReady });
  const brandSelected = new Set(brands.map((b) => b.toLowerCase()));
  const counts = new Map((facets?.categories ?? []).map((c) => [c.id, c.count]));
  return (
    <Groups ref={groups}>
      <Group>
        <legend>Category</legend>
        {CATEGORIES.map((c) => {
          const checked = categories.includes(c.id);
          const count = counts.get(c.id);
          return <Choice key={c.id} group="category" value={c.id} label={c.label} count={count} checked={checked} onToggle={() => onToggleCategory(c.id)} />;
        })}
      </Group>
      <Group>
        <legend>Brand</legend>
        {(facets?.brands ?? []).map((b) => {
          const checked = brandSelected.has(b.name.toLowerCase());
          return <Choice key={b.name} group="brand" value={b.name} label={b.name} count={b.count} checked={checked} onToggle={() => onToggleBrand(b.name)} />;
        })}
      </Group>
    </Groups>
  );
}
