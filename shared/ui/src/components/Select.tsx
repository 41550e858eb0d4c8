import styled from 'styled-components';
import { controlStyles } from './Input';

/** A native select (keyboard and screen-reader behaviour for free) with a drawn chevron. */
export const Select = styled.select`
  ${controlStyles}
  appearance: none;
  padding-right: 2.25rem;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'%3E%3Cpath d='M1 1l5 5 5-5' fill='none' stroke='%23475569' stroke-width='2'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 0.75rem center;
  cursor: pointer;
`;

/** The options of a list of choices named by id and label (sort orders, categories), in their order. */
export function Options({ items }: { items: ReadonlyArray<{ id: string; label: string }> }) {
  return (
    <>
      {items.map((o) => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </>
  );
}
