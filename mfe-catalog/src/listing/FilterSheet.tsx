import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { readOf, useSettled } from '@pharmacy/session';
import { Button, th } from '@pharmacy/ui';
import { Dialog } from '@pharmacy/ui/dialog';
import { catalogQueries, useCatalogQueries } from '../queries';
import { FilterGroups } from './FilterGroups';
import { toggle } from './params';

/** How long the choices must stay still before the server is asked for their counts (a tap burst asks once). */
export const FILTER_COUNT_DEBOUNCE_MS = 250;

const Groups = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(5))};
`;

/** Stays at the bottom of the sheet's scrolling box, so the way out is always in reach. */
const Footer = styled.div`
  position: sticky;
  bottom: calc(-1 * ${th((t) => t.space(6))});
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(3))};
  margin: ${th((t) => t.space(4))} calc(-1 * ${th((t) => t.space(6))}) calc(-1 * ${th((t) => t.space(6))});
  padding: ${th((t) => t.space(3))} ${th((t) => t.space(6))};
  background: ${th((t) => t.colors.surface)};
  border-top: 1px solid ${th((t) => t.colors.border)};
  button {
    min-height: 2.75rem;
  }
  button:last-child {
    flex: 1;
  }
`;

const Problem = styled.p`
  flex-basis: 100%;
  margin: 0;
  color: ${th((t) => t.colors.dangerStrong)};
`;

export interface FilterSheetProps {
  /** The button that opens the sheet; focus goes back to it when the sheet closes. */
  trigger: ReactNode;
  /** The filters the listing shows now (from the URL): the sheet starts from them. */
  categories: string[];
  brands: string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The choices made in the sheet, applied when "Show N results" is pressed. */
  onApply: (choice: { categories: string[]; brands: string[] }) => void;
}

const resultsLabel = (n: number) => (n === 0 ? 'No results: change the filters' : `Show ${n} result${n === 1 ? '' : 's'}`);

/**
 * The phone's filters: a sheet over the listing (a modal dialog: focus stays inside, Escape and Close leave it
 * unchanged). Choices are a draft until "Show N results", where N is the server's count for exactly those choices,
 * asked again (debounced) as they change, so the shopper knows before leaving the sheet and never lands on nothing.
 */
export function FilterSheet({ trigger, categories, brands, open, onOpenChange, onApply }: FilterSheetProps) {
  const [draft, setDraft] = useState({ categories, brands });
  const draftKey = `${draft.categories.join(',')}|${draft.brands.join(',')}`;

  // each opening starts from what the listing shows
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft({ categories, brands });
  }

  useCatalogQueries();
  const asked = useSettled(draft, draftKey, FILTER_COUNT_DEBOUNCE_MS);
  // each opening asks afresh: the count on the button is the server's for these choices now
  const count = readOf(catalogQueries.useFacetsQuery(open ? asked.value : skipToken, { refetchOnMountOrArgChange: true }));
  const facets = count.data;
  const asking = open && (!asked.settled || count.loading);
  // the choices can still be applied; only their count is unknown
  const error = asked.settled && count.error && `We could not count the results: ${count.error}`;

  const total = facets?.total;
  const chosen = draft.categories.length + draft.brands.length;
  return (
    <Dialog trigger={trigger} open={open} onOpenChange={onOpenChange} title="Filters" placement="sheet" closeLabel="Close filters">
      <Groups>
        <FilterGroups
          facets={facets}
          categories={draft.categories}
          brands={draft.brands}
          onToggleCategory={(id) => setDraft((d) => ({ ...d, categories: toggle(d.categories, id) }))}
          onToggleBrand={(name) => setDraft((d) => ({ ...d, brands: toggle(d.brands, name) }))}
          onTickedBeforeReady={setDraft}
        />
      </Groups>
      <Footer>
        {error && <Problem role="alert">{error}</Problem>}
        <Button variant="secondary" disabled={chosen === 0} onClick={() => setDraft({ categories: [], brands: [] })}>
          Clear all
        </Button>
        <Button
          loading={asking}
          loadingLabel="Counting results"
          disabled={total === 0}
          onClick={() => {
            onApply(draft);
            onOpenChange(false);
          }}
        >
          {total === undefined ? 'Show results' : resultsLabel(total)}
        </Button>
      </Footer>
    </Dialog>
  );
}
