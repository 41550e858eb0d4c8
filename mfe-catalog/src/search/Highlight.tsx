import { Fragment } from 'react';
import styled from 'styled-components';
import { th } from '@pharmacy/ui';

const Mark = styled.mark`
  background: ${th((t) => t.colors.brandSubtle)};
  color: inherit;
  font-weight: ${th((t) => t.fontWeights.semibold)};
  border-radius: 2px;
`;

// Splits text into words and the rest; a word is highlighted when the search matched it (the server
// returns the catalog words that matched, so typos still light up the right word).
const WORDS = /([\p{L}\p{N}]+)/u;

export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const wanted = new Set(terms.map((t) => t.toLowerCase()));
  if (wanted.size === 0) return <>{text}</>;
  return (
    <>
      {text.split(WORDS).map((part, i) =>
        i % 2 === 1 && wanted.has(part.toLowerCase()) ? <Mark key={i}>{part}</Mark> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}
