import { formatMoney, type DeliveryOption, type DeliveryOptions } from '@pharmacy/contracts';
import styled from 'styled-components';
import { CardGrid, InfoCard } from './content';
import { freeDeliveryOver, useDeliveryOptions } from './useDeliveryOptions';

/** Holds the amount's place while the server answers, so the sentence around it does not reflow. */
const Pending = styled.span`
  display: inline-block;
  width: 4.5em;
  height: 1em;
  vertical-align: -0.1em;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/** "free on orders over $30.00", with the shop's threshold and currency from the server. */
export function FreeDeliveryOver() {
  const state = useDeliveryOptions();
  if (state.status === 'ready') return <>free on orders over {freeDeliveryOver(state.options)}</>;
  if (state.status === 'failed') return <>free over an amount shown at checkout</>;
  return (
    <>
      free on orders over <Pending aria-label="loading the amount" role="img" />
    </>
  );
}

const feeText = (option: DeliveryOption, currency: string) => {
  if (option.feeCents === 0) return 'Free';
  const fee = formatMoney(option.fee, currency);
  return option.freeOver !== undefined ? `${fee}, free on orders over ${formatMoney(option.freeOver, currency)}` : fee;
};

const Fee = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.brandStronger} !important;
`;

const Placeholder = styled.div`
  min-height: 9rem;
`;

function Methods({ options }: { options: DeliveryOptions }) {
  return (
    <CardGrid $wide>
      {options.methods.map((option) => (
        // an article, not a landmark: "Click and collect" is also the name of the page's section about it
        <InfoCard as="article" key={option.method} aria-labelledby={`delivery-option-${option.method}`}>
          <h3 id={`delivery-option-${option.method}`}>{option.label}</h3>
          <p>{option.description}</p>
          <Fee>{feeText(option, options.currency)}</Fee>
        </InfoCard>
      ))}
    </CardGrid>
  );
}

function Pharmacies({ options }: { options: DeliveryOptions }) {
  return (
    <CardGrid $wide>
      {options.pharmacies.map((pharmacy) => (
        <InfoCard key={pharmacy.id} aria-labelledby={`pharmacy-${pharmacy.id}`}>
          <h3 id={`pharmacy-${pharmacy.id}`}>{pharmacy.name}</h3>
          <p>{pharmacy.address}</p>
          <ul>
            {pharmacy.openingHours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </InfoCard>
      ))}
    </CardGrid>
  );
}

/** The delivery methods and the pharmacies to collect from, as the server offers them at checkout. */
export function DeliveryFacts({ part }: { part: 'methods' | 'pharmacies' }) {
  const state = useDeliveryOptions();
  if (state.status === 'failed') return <p role="alert">The delivery options could not be loaded. They are shown at checkout.</p>;
  if (state.status === 'loading') return <Placeholder aria-busy="true" />;
  return part === 'methods' ? <Methods options={state.options} /> : <Pharmacies options={state.options} />;
}
