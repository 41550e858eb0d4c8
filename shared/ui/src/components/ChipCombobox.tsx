import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { th } from '../theme';
import { Button } from './Button';
import { controlStyles } from './Input';
import { MutedText } from './Text';
import { visuallyHiddenCss } from './VisuallyHidden';

/** One suggestion: the entry it adds, and why it is suggested (a hint, the name that matched). */
export interface ComboboxSuggestion {
  value: string;
  description?: string;
}

export interface ChipComboboxProps {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  /**
   * Suggestions for what was typed, asked once typing pauses for `debounceMs`. The signal is aborted as soon as the
   * text changes, so a slow answer to an older query never replaces a newer one. A failure only hides suggestions:
   * free text is still accepted.
   */
  suggest: (query: string, signal: AbortSignal) => Promise<ComboboxSuggestion[]>;
  placeholder?: string;
  hint?: ReactNode;
  /** A note shown under a chip that needs the reader's attention; the chip is marked with it. */
  noteFor?: (value: string) => string | null | undefined;
  maxItems?: number;
  maxLength?: number;
  debounceMs?: number;
  /** The fewest characters worth asking about. */
  minQueryLength?: number;
}

const Wrap = styled.div`
  margin-bottom: 1rem;
`;
const Label = styled.label`
  display: block;
  margin-bottom: 0.375rem;
  font-weight: ${th((t) => t.fontWeights.medium)};
`;
const Entry = styled.div`
  display: flex;
  gap: ${th((t) => t.space(2))};
`;
const Anchor = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
`;
const ComboInput = styled.input`
  ${controlStyles}
`;
const Listbox = styled.ul`
  position: absolute;
  z-index: 5;
  top: calc(100% + 0.25rem);
  left: 0;
  right: 0;
  max-height: min(18rem, 50vh);
  overflow-y: auto;
  margin: 0;
  padding: 0.25rem 0;
  list-style: none;
  background: ${th((t) => t.colors.surface)};
  border: 1px solid ${th((t) => t.colors.borderStrong)};
  border-radius: ${th((t) => t.radii.md)};
  box-shadow: ${th((t) => t.shadows.md)};
  &[hidden] {
    display: none;
  }
`;
const Option = styled.li<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: 0.125rem;
  /* A finger-sized target on phones. */
  min-height: 2.75rem;
  padding: 0.375rem 0.75rem;
  cursor: pointer;
  overflow-wrap: anywhere;
  ${(p) =>
    p.$active &&
    css`
      background: ${th((t) => t.colors.brandSubtle)(p)};
      box-shadow: inset 3px 0 0 ${th((t) => t.colors.brandStrong)(p)};
    `}
  &:hover {
    background: ${th((t) => t.colors.surfaceMuted)};
  }
  small {
    color: ${th((t) => t.colors.textMuted)};
    font-size: ${th((t) => t.fontSizes.sm)};
  }
`;
const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  margin: ${th((t) => t.space(2))} 0 0;
  padding: 0;
  list-style: none;
`;
const ChipItem = styled.li<{ $noted: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.125rem;
  max-width: 100%;
  ${(p) => p.$noted && 'flex-basis: 100%;'}
`;
const Chip = styled.span<{ $noted: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  max-width: 100%;
  padding: 0.125rem 0.25rem 0.125rem 0.625rem;
  border-radius: ${th((t) => t.radii.full)};
  border: 1px solid transparent;
  background: ${(p) => th((t) => (p.$noted ? t.colors.warningSubtle : t.colors.brandSubtle))(p)};
  color: ${(p) => th((t) => (p.$noted ? t.colors.warning : t.colors.brandStronger))(p)};
  ${(p) => p.$noted && css`border-color: ${th((t) => t.colors.warning)(p)};`}
  font-size: ${th((t) => t.fontSizes.sm)};
  overflow-wrap: anywhere;
  button {
    flex: none;
    border: 0;
    background: transparent;
    color: inherit;
    font-size: 1.125rem;
    line-height: 1;
    cursor: pointer;
    min-width: 2rem;
    min-height: 2rem;
    border-radius: ${th((t) => t.radii.full)};
  }
  button:focus-visible {
    outline: 3px solid ${th((t) => t.colors.focus)};
  }
`;
const Small = styled.p<{ $error?: boolean }>`
  margin: 0.375rem 0 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${(p) => th((t) => (p.$error ? t.colors.dangerStrong : t.colors.textMuted))(p)};
`;
const Live = styled.p`
  ${visuallyHiddenCss}
`;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const tidy = (raw: string) => raw.trim().replace(/\s+/g, ' ');

/**
 * A list of short entries (chips) typed into a combobox with suggestions (the ARIA 1.2 combobox with a listbox):
 * arrows move through the suggestions, Enter picks the highlighted one or adds the text as typed, a comma adds the
 * text, Escape closes the list, Backspace in the empty box removes the last chip. Taps work the same on a phone.
 */
export function ChipCombobox({
  label,
  values,
  onChange,
  suggest,
  placeholder,
  hint,
  noteFor,
  maxItems,
  maxLength,
  debounceMs = 150,
  minQueryLength = 2,
}: ChipComboboxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const suggestRef = useRef(suggest);
  suggestRef.current = suggest;
  const focused = useRef(false);

  const [draft, setDraft] = useState('');
  const [suggestions, setSuggestions] = useState<ComboboxSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // What is already a chip is not offered again.
  const options = suggestions.filter((s) => !values.some((v) => same(v, s.value)));
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  useEffect(() => {
    const query = tidy(draft);
    if (query.length < minQueryLength) {
      setSuggestions([]);
      setOpen(false);
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestRef
        .current(query, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setSuggestions(found);
          setActive(-1);
          setOpen(focused.current && found.length > 0);
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setSuggestions([]);
          setOpen(false);
        });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [draft, debounceMs, minQueryLength]);

  useEffect(() => {
    if (!expanded) return;
    setAnnouncement(`${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}: use the up and down arrows to choose.`);
  }, [expanded, options.length]);

  useEffect(() => {
    // A long list scrolls with the highlight (jsdom has no scrollIntoView).
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);

  function addEntries(entries: string[]): boolean {
    const next = [...values];
    for (const entry of entries) {
      if (maxLength !== undefined && entry.length > maxLength) {
        setError(`Each entry must be at most ${maxLength} characters.`);
        return false;
      }
      if (!next.some((v) => same(v, entry))) next.push(entry);
    }
    if (maxItems !== undefined && next.length > maxItems) {
      setError(`At most ${maxItems} entries.`);
      return false;
    }
    setError(null);
    setDraft('');
    setSuggestions([]);
    setOpen(false);
    setActive(-1);
    const added = next.slice(values.length);
    if (added.length > 0) {
      setAnnouncement(`Added ${added.join(', ')}.`);
      onChange(next);
    }
    return true;
  }

  const addTyped = (raw: string) => {
    const entries = raw.split(',').map(tidy).filter(Boolean);
    if (entries.length > 0) addEntries(entries);
  };

  function remove(value: string) {
    onChange(values.filter((v) => v !== value));
    setAnnouncement(`Removed ${value}.`);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        if (options.length === 0) return;
        e.preventDefault();
        setOpen(true);
        setActive((i) => (!expanded ? 0 : (i + 1) % options.length));
        return;
      case 'ArrowUp':
        if (options.length === 0) return;
        e.preventDefault();
        setOpen(true);
        setActive((i) => (!expanded || i <= 0 ? options.length - 1 : i - 1));
        return;
      case 'Enter':
        if (expanded && active >= 0 && options[active]) {
          e.preventDefault();
          addEntries([options[active].value]);
        } else if (tidy(draft)) {
          e.preventDefault(); // an entry, not the form's submit
          addTyped(draft);
        }
        return;
      case ',':
        e.preventDefault();
        addTyped(draft);
        return;
      case 'Escape':
        if (expanded) {
          // Inside a dialog the first Escape closes the list only.
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
      case 'Backspace':
        if (!draft && values.length > 0) remove(values[values.length - 1]);
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
    }
  }

  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Wrap>
      <Label htmlFor={inputId}>{label}</Label>
      <Entry>
        <Anchor>
          <ComboInput
            ref={inputRef}
            id={inputId}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="enter"
            value={draft}
            placeholder={placeholder}
            onChange={(e) => {
              setError(null);
              if (e.target.value.includes(',')) addTyped(e.target.value);
              else setDraft(e.target.value);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => {
              focused.current = true;
            }}
            onBlur={() => {
              focused.current = false;
              setOpen(false);
              // What was typed is kept, so a Save pressed right after typing does not lose it.
              addTyped(draft);
            }}
          />
          <Listbox id={listId} role="listbox" aria-label={`Suggestions for ${label.toLowerCase()}`} hidden={!expanded}>
            {expanded &&
              options.map((o, i) => (
                <Option
                  key={o.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  $active={i === active}
                  // Keeps the focus in the box, so picking does not count as leaving it.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => addEntries([o.value])}
                >
                  <span>{o.value}</span>
                  {o.description ? <small>{o.description}</small> : null}
                </Option>
              ))}
          </Listbox>
        </Anchor>
        <Button variant="secondary" onClick={() => addTyped(draft)} disabled={!tidy(draft)} aria-label={`Add to ${label.toLowerCase()}`}>
          Add
        </Button>
      </Entry>
      {hint && <Small id={hintId}>{hint}</Small>}
      {error && (
        <Small id={errorId} role="alert" $error>
          {error}
        </Small>
      )}
      <Live role="status">{announcement}</Live>
      {values.length > 0 && (
        <Chips aria-label={`Your ${label.toLowerCase()}`}>
          {values.map((v) => {
            const note = noteFor?.(v) ?? null;
            return (
              <ChipItem key={v.toLowerCase()} $noted={note !== null}>
                <Chip $noted={note !== null}>
                  {v}
                  <button
                    type="button"
                    aria-label={`Remove ${v}`}
                    onClick={() => {
                      remove(v);
                      inputRef.current?.focus();
                    }}
                  >
                    ×
                  </button>
                </Chip>
                {note ? <MutedText>{note}</MutedText> : null}
              </ChipItem>
            );
          })}
        </Chips>
      )}
    </Wrap>
  );
}
