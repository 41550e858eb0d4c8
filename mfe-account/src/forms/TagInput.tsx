import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { ACCOUNT_LIMITS } from '@pharmacy/contracts';
import { Button, Input, th } from '@pharmacy/ui';

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
const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  margin: ${th((t) => t.space(2))} 0 0;
  padding: 0;
  list-style: none;
`;
const Tag = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  padding: 0.125rem 0.25rem 0.125rem 0.625rem;
  border-radius: ${th((t) => t.radii.full)};
  background: ${th((t) => t.colors.brandSubtle)};
  color: ${th((t) => t.colors.brandStronger)};
  font-size: ${th((t) => t.fontSizes.sm)};
  button {
    border: 0;
    background: transparent;
    color: inherit;
    font-size: 1.125rem;
    line-height: 1;
    cursor: pointer;
    min-width: 1.75rem;
    min-height: 1.75rem;
    border-radius: ${th((t) => t.radii.full)};
  }
`;
const Small = styled.p<{ $error?: boolean }>`
  margin: 0.375rem 0 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${(p) => th((t) => (p.$error ? t.colors.dangerStrong : t.colors.textMuted))(p)};
`;

export interface TagInputProps {
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  hint?: string;
}

/** A list of short entries (allergies, health conditions): type and press Enter or a comma; × removes one. */
export function TagInput({ label, values, onChange, placeholder, hint }: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  function add(raw: string) {
    const parts = raw.split(',').map((p) => p.trim().replace(/\s+/g, ' ')).filter(Boolean);
    if (parts.length === 0) return;
    const next = [...values];
    for (const part of parts) {
      if (part.length > ACCOUNT_LIMITS.listItemMax) {
        setError(`Each entry must be at most ${ACCOUNT_LIMITS.listItemMax} characters.`);
        return;
      }
      if (!next.some((v) => v.toLowerCase() === part.toLowerCase())) next.push(part);
    }
    if (next.length > ACCOUNT_LIMITS.listMax) {
      setError(`At most ${ACCOUNT_LIMITS.listMax} entries.`);
      return;
    }
    setError(null);
    setDraft('');
    onChange(next);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(draft);
    } else if (e.key === 'Backspace' && !draft && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Wrap>
      <Label htmlFor={id}>{label}</Label>
      <Entry>
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(e) => {
            setError(null);
            if (e.target.value.includes(',')) add(e.target.value);
            else setDraft(e.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => add(draft)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
        />
        <Button variant="secondary" onClick={() => add(draft)} disabled={!draft.trim()} aria-label={`Add to ${label.toLowerCase()}`}>
          Add
        </Button>
      </Entry>
      {hint && <Small id={hintId}>{hint}</Small>}
      {error && (
        <Small id={errorId} role="alert" $error>
          {error}
        </Small>
      )}
      {values.length > 0 && (
        <Tags aria-label={`Your ${label.toLowerCase()}`}>
          {values.map((v) => (
            <Tag key={v.toLowerCase()}>
              {v}
              <button type="button" aria-label={`Remove ${v}`} onClick={() => onChange(values.filter((x) => x !== v))}>
                ×
              </button>
            </Tag>
          ))}
        </Tags>
      )}
    </Wrap>
  );
}
