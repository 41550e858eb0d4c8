import styled from 'styled-components';
import { th } from '@pharmacy/ui';

const Text = styled.span`
  color: ${th((t) => t.colors.textMuted)};
  font-style: italic;
`;

/**
 * In place of health data the server left out for this member of staff's role (docs/domain.md#health-data): never
 * shown as "none", which would tell a pharmacist something false.
 */
export function Restricted() {
  return <Text title="Only pharmacists and administrators see health data">Restricted</Text>;
}
