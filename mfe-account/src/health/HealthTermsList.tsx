import styled from 'styled-components';
import { MutedText, th } from '@pharmacy/ui';
import { UNRECOGNISED_NOTE, useUnrecognised } from './useUnrecognised';

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${th((t) => t.space(1))};
`;
const Flag = styled.span`
  display: inline-block;
  margin-left: ${th((t) => t.space(2))};
  padding: 0 0.375rem;
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.warningSubtle)};
  color: ${th((t) => t.colors.warning)};
  font-size: ${th((t) => t.fontSizes.xs)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

/** The saved allergies or conditions, each the catalog does not recognise marked so the shopper knows it is kept and checked. */
export function HealthTermsList({ terms, label }: { terms: string[] | undefined; label: string }) {
  const unrecognised = useUnrecognised(terms ?? []);
  if (!terms || terms.length === 0) return <>None recorded</>;
  return (
    <List aria-label={label}>
      {terms.map((term) => (
        <li key={term.toLowerCase()}>
          {term}
          {unrecognised(term) ? (
            <>
              <Flag aria-hidden="true">Not recognised</Flag>
              <MutedText>{UNRECOGNISED_NOTE}</MutedText>
            </>
          ) : null}
        </li>
      ))}
    </List>
  );
}
