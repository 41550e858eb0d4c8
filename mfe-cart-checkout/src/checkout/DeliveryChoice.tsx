import styled from 'styled-components';
import { formatMoney, type DeliveryMethod, type DeliveryOption, type DeliveryOptions, type Pharmacy } from '@pharmacy/contracts';
import { Card, th } from '@pharmacy/ui';

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  display: grid;
  gap: ${th((t) => t.space(3))};
  legend {
    padding: 0;
    margin-bottom: ${th((t) => t.space(3))};
    /* reads as the page's other card headings (h2) */
    font-size: 1.5rem;
    font-weight: ${th((t) => t.fontWeights.bold)};
  }
`;
const PharmacyGroup = styled(Group)`
  margin-top: ${th((t) => t.space(6))};
`;
/** A whole card is the radio's label: at least 44 px tall, so a finger hits it anywhere. */
const RadioCard = styled.label`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  gap: ${th((t) => t.space(3))};
  align-items: start;
  min-height: 2.75rem;
  padding: ${th((t) => t.space(3))};
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  cursor: pointer;
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125rem 0 0;
  }
  &:has(input:checked) {
    border-color: ${th((t) => t.colors.brand)};
    box-shadow: 0 0 0 1px ${th((t) => t.colors.brand)};
  }
  &:has(input:focus-visible) {
    outline: 2px solid ${th((t) => t.colors.brand)};
    outline-offset: 2px;
  }
`;
const Text = styled.span`
  display: grid;
  gap: ${th((t) => t.space(1))};
  min-width: 0;
  small {
    color: ${th((t) => t.colors.textMuted)};
    font-size: ${th((t) => t.fontSizes.sm)};
  }
`;
const Fee = styled.span`
  white-space: nowrap;
  font-weight: ${th((t) => t.fontWeights.semibold)};
  font-variant-numeric: tabular-nums;
`;
const Hours = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${th((t) => t.colors.textMuted)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

/** A method's price as its card states it: the fee from the server, and where standard delivery becomes free. */
function feeText(option: DeliveryOption, currency: string): { fee: string; note?: string } {
  const fee = option.fee === 0 ? 'Free' : formatMoney(option.fee, currency);
  if (option.method === 'standard' && option.freeOver !== undefined) return { fee, note: `Free on orders over ${formatMoney(option.freeOver, currency)}` };
  return { fee };
}

export interface DeliveryChoiceProps {
  options: DeliveryOptions;
  method: DeliveryMethod;
  pharmacyId: string | null;
  onMethod: (method: DeliveryMethod) => void;
  onPharmacy: (pharmacyId: string) => void;
  /** The server's reason this cart can only be collected (controlled or refrigerated medicines), if it can. */
  collectOnly?: string | null;
}

function PharmacyCard({ pharmacy, checked, onChoose }: { pharmacy: Pharmacy; checked: boolean; onChoose: () => void }) {
  return (
    <RadioCard>
      <input type="radio" name="pharmacy" value={pharmacy.id} checked={checked} onChange={onChoose} />
      <Text>
        <strong>{pharmacy.name}</strong>
        <span>{pharmacy.address}</span>
        <Hours aria-label={`Opening hours of ${pharmacy.name}`}>
          {pharmacy.openingHours.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </Hours>
      </Text>
      <span />
    </RadioCard>
  );
}

/**
 * How the order reaches the shopper: the shop's methods as one radio group (fee and timing on each card), and for
 * click and collect a second group to choose the pharmacy, each with its address and opening hours.
 */
export function DeliveryChoice({ options, method, pharmacyId, onMethod, onPharmacy, collectOnly }: DeliveryChoiceProps) {
  const methods = collectOnly ? options.methods.filter((o) => o.method === 'collect') : options.methods;
  return (
    <Card>
      <Group aria-describedby={collectOnly ? 'delivery-collect-only' : undefined}>
        <legend>Delivery</legend>
        {collectOnly && <p id="delivery-collect-only">{collectOnly}</p>}
        {methods.map((option) => {
          const { fee, note } = feeText(option, options.currency);
          return (
            <RadioCard key={option.method}>
              <input type="radio" name="delivery" value={option.method} checked={method === option.method} onChange={() => onMethod(option.method)} />
              <Text>
                <strong>{option.label}</strong>
                <small>{option.description}</small>
                {note && <small>{note}</small>}
              </Text>
              <Fee>{fee}</Fee>
            </RadioCard>
          );
        })}
      </Group>
      {method === 'collect' && (
        <PharmacyGroup>
          <legend>Choose a pharmacy</legend>
          {options.pharmacies.map((p) => (
            <PharmacyCard key={p.id} pharmacy={p} checked={pharmacyId === p.id} onChoose={() => onPharmacy(p.id)} />
          ))}
        </PharmacyGroup>
      )}
    </Card>
  );
}
