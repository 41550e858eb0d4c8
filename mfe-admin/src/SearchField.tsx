import { useId } from 'react';
import styled from 'styled-components';
import { Input, visuallyHiddenCss } from '@pharmacy/ui';

/** Grows, but not past a comfortable line. */
const Box = styled.div`
  flex: 1 1 16rem;
  max-width: 24rem;
`;

/** The placeholder says on screen what the box searches; the label says it to screen readers. */
const Label = styled.label`
  ${visuallyHiddenCss}
`;

export interface SearchFieldProps {
  /** What it searches, in words for screen readers. */
  label: string;
  placeholder: string;
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
}

/** A staff table's search box, in its toolbar. */
export function SearchField({ label, placeholder, maxLength, value, onChange }: SearchFieldProps) {
  const id = useId();
  return (
    <Box>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="search" placeholder={placeholder} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} autoComplete="off" />
    </Box>
  );
}
