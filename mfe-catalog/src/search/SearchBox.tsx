import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { readOf, useMarket, useSettled } from '@pharmacy/session';
import { Input, VisuallyHidden, th } from '@pharmacy/ui';
import { formatMoney } from '@pharmacy/contracts';
import type { SearchList } from '../lib/api';
import { effectivePrice } from '../lib/format';
import { catalogQueries, useCatalogQueries } from '../queries';
import { Highlight } from './Highlight';

export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_SUGGESTIONS = 6;

const Wrap = styled.form`
  position: relative;
  width: 100%;
`;

const Popup = styled.div`
  position: absolute;
  z-index: ${th((t) => t.zIndices.overlay)};
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  max-height: 70vh;
  overflow-y: auto;
  background: ${th((t) => t.colors.surface)};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  box-shadow: ${th((t) => t.shadows.lg)};
  p {
    margin: 0;
    padding: ${th((t) => t.space(3))};
    color: ${th((t) => t.colors.textMuted)};
  }
`;

const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${th((t) => t.space(1))} 0;
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  gap: ${th((t) => t.space(3))};
  align-items: center;
  padding: ${th((t) => t.space(2))} ${th((t) => t.space(3))};
  cursor: pointer;
  background: ${(p) => (p.$active ? th((t) => t.colors.brandSubtle)(p) : 'transparent')};
  img {
    flex: none;
    border-radius: ${th((t) => t.radii.sm)};
  }
  small {
    display: block;
    color: ${th((t) => t.colors.textMuted)};
  }
`;

const All = styled.button`
  width: 100%;
  padding: ${th((t) => t.space(3))};
  border: 0;
  border-top: 1px solid ${th((t) => t.colors.border)};
  background: none;
  color: ${th((t) => t.colors.brandStrong)};
  font: inherit;
  font-weight: ${th((t) => t.fontWeights.semibold)};
  text-align: left;
  cursor: pointer;
`;

type State =
  | { kind: 'idle' }
  | { kind: 'loading'; term: string }
  | { kind: 'done'; term: string; results: SearchList }
  | { kind: 'error'; term: string; message: string };

/** Header search: suggestions as you type (debounced, matched words highlighted), Enter for the results page. */
export function SearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const { currency } = useMarket();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrap = useRef<HTMLFormElement>(null);

  const query = term.trim();
  // a new word moves the highlight back to the input
  const [shownFor, setShownFor] = useState(query);
  if (shownFor !== query) {
    setShownFor(query);
    setActive(-1);
  }
  useCatalogQueries();
  const asked = useSettled(query, query, SEARCH_DEBOUNCE_MS).value;
  const wanted = query.length >= 2 && asked.length >= 2 ? asked : null;
  const found = readOf(catalogQueries.useSearchQuery(wanted ? { keyword: wanted, limit: SEARCH_SUGGESTIONS } : skipToken));
  const state: State = !wanted
    ? { kind: 'idle' }
    : found.loading
      ? { kind: 'loading', term: wanted }
      : found.error
        ? { kind: 'error', term: wanted, message: found.error }
        : { kind: 'done', term: wanted, results: found.data! };

  const items = state.kind === 'done' ? state.results.items : [];
  const go = (to: string) => {
    setOpen(false);
    setActive(-1);
    navigate(to);
    onNavigate?.();
  };
  const showAll = () => query && go(`/pharmacy/products?q=${encodeURIComponent(query)}`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (active >= 0 && items[active]) go(`/pharmacy/product/${items[active]._id}`);
    else showAll();
  };

  const onType = (e: ChangeEvent<HTMLInputElement>) => {
    setTerm(e.target.value);
    setOpen(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && items.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % items.length);
    } else if (e.key === 'ArrowUp' && items.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = open && state.kind !== 'idle';
  return (
    <Wrap
      ref={wrap}
      role="search"
      // without a script yet (or ever), the form itself opens the results page the server renders
      action="/pharmacy/products"
      onSubmit={submit}
      onBlur={(e) => {
        if (!wrap.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <VisuallyHidden as="label" htmlFor={`${id}-input`}>
        Search products
      </VisuallyHidden>
      <Input
        id={`${id}-input`}
        type="search"
        name="q"
        placeholder="Search medicines and products"
        autoComplete="off"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={term}
        onChange={onType}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {expanded && (
        <Popup>
          {state.kind === 'loading' && <p role="status">Searching…</p>}
          {state.kind === 'error' && <p role="alert">{state.message}</p>}
          {state.kind === 'done' && items.length === 0 && <p role="status">No products match “{state.term}”. Check the spelling or try another word.</p>}
          {items.length > 0 && (
          <Options id={listId} role="listbox" aria-label="Suggestions">
            {items.map((p, i) => (
              <Option
                key={p._id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                $active={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(`/pharmacy/product/${p._id}`)}
              >
                <img src={p.image} alt="" width={40} height={40} loading="lazy" />
                <span>
                  <Highlight text={p.title} terms={state.kind === 'done' ? state.results.terms : []} />
                  <small>
                    {p.brand} · {formatMoney(effectivePrice(p), currency)}
                  </small>
                </span>
              </Option>
            ))}
          </Options>
          )}
          {state.kind === 'done' && state.results.total > items.length && (
            <All type="button" onMouseDown={(e) => e.preventDefault()} onClick={showAll}>
              See all {state.results.total} results
            </All>
          )}
        </Popup>
      )}
    </Wrap>
  );
}
