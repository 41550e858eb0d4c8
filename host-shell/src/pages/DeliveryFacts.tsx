import { deliveryOptionsFor, formatMoney, type DeliveryOption, type DeliveryOptions } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import styled from 'styled-components';
import { CardGrid, InfoCard } from './content';

/**
 * The delivery options as checkout offers them, computed by the function checkout answers them with
 * (GET /api/shop/delivery/options) from the market the page already carries: the content pages need no request for
 * them. Reading them from the shop is cart-checkout's `useDeliveryOptions`.
 */
const useMarketDeliveryOptions = (): DeliveryOptions => deliveryOptionsFor(useMarket());

/** "free on orders over £30.00", with the market's threshold and currency. */
export function FreeDeliveryOver() {
  const options = useMarketDeliveryOptions();
  return <>free on orders over {formatMoney(options.freeDeliveryOver, options.currency)}</>;
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

function Methods({ options }: { options: DeliveryOptions }) {
  return (
    <CardGrid $wide>
      {options.methods.map((option) => (
        // an article, not a landmark: "Click and collect" is also the name of the page's section about it
        <InfoCard as="article" key={option.method} id={`delivery-option-${option.method}`} title={option.label}>
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
        <InfoCard key={pharmacy.id} id={`pharmacy-${pharmacy.id}`} title={pharmacy.name}>
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

/** The delivery methods and the pharmacies to collect from, as checkout offers them. */
export function DeliveryFacts({ part }: { part: 'methods' | 'pharmacies' }) {
  const options = useMarketDeliveryOptions();
  return part === 'methods' ? <Methods options={options} /> : <Pharmacies options={options} />;
}
