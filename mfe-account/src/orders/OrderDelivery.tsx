import styled from 'styled-components';
import { MISSING_VALUE, addressLines, deliveryMethodLabel } from '@pharmacy/contracts';
import { MutedText, th } from '@pharmacy/ui';
import type { OrderView } from './slice';
import { H3 } from './parts';

const Method = styled.p`
  margin: 0 0 ${th((t) => t.space(2))};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;
const Address = styled.address`
  font-style: normal;
  margin: 0;
  overflow-wrap: anywhere;
`;

/**
 * How the order reaches the shopper: the method, then the pharmacy to collect it from or the delivery address. An
 * order from before delivery methods went by standard delivery.
 */
export function OrderDelivery({ order }: { order: OrderView }) {
  const address = order.address;
  const pharmacy = order.delivery?.method === 'collect' ? order.delivery.pharmacy : null;
  const method = order.delivery?.label ?? deliveryMethodLabel(order.delivery?.method);
  return (
    <>
      <H3>Delivery</H3>
      <Method>{method}</Method>
      {pharmacy ? (
        <Address>
          Collect from <strong>{pharmacy.name}</strong>
          <br />
          {pharmacy.address}
        </Address>
      ) : address ? (
        <Address>
          {[address.fullName, ...addressLines(address), address.phone].map((line, i) => (
            <span key={i}>
              {i > 0 && <br />}
              {line}
            </span>
          ))}
          {address.notes ? (
            <>
              <br />
              <MutedText>Notes: {address.notes}</MutedText>
            </>
          ) : null}
        </Address>
      ) : (
        <p style={{ margin: 0 }}>{MISSING_VALUE}</p>
      )}
    </>
  );
}
