import styled from 'styled-components';
import { space, th } from '../theme';

/**
 * Checkboxes or radios under a visible legend, without the browser's frame: one per line, or side by side with
 * `$inline` (a star rating). Each label is at least 2rem tall, so the text is part of what a finger can hit.
 */
export const ChoiceGroup = styled.fieldset<{ $inline?: boolean }>`
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: ${space(2)};
    font-weight: ${th((t) => t.fontWeights.semibold)};
  }
  label {
    display: ${(p) => (p.$inline ? 'inline-flex' : 'flex')};
    align-items: center;
    gap: ${(p) => space(p.$inline ? 1 : 2)};
    margin-right: ${(p) => (p.$inline ? space(3) : '0')};
    min-height: 2rem;
    cursor: pointer;
  }
`;
