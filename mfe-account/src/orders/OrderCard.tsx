import styled from 'styled-components';
import { awaitsPayment, formatDate, formatMoney } from '@pharmacy/contracts';
import { useMarket } from '@pharmacy/session';
import { Button, Card, MutedText, media, th } from '@pharmacy/ui';
import type { OrderView } from './slice';
import { currencyOf, numberOf, orderDate, stateOf } from './format';
import { StatusBadges } from './StatusBadges';
import { OrderTimeline } from './OrderTimeline';
import { ReviewNotice } from './review';
import { BuyAgain } from './BuyAgain';
import { UnpaidActions, useFocusOnceSettled } from './UnpaidActions';
import { RecallOnOrder, type OrderRecall } from '../recalls/RecallOnOrder';

const Frame = styled(Card)`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${th((t) => t.space(2))} ${th((t) => t.space(4))};
  align-items: center;
  padding: ${th((t) => t.space(4))};
  ${media.md} {
    /* number and date, amount and details on the first row; the badges, any notice and the timeline under them */
    grid-template-columns: minmax(0, 1fr) auto auto;
  }
`;
const Num = styled.div`
  font-weight: ${th((t) => t.fontWeights.semibold)};
  white-space: nowrap;
  &:focus {
    outline: none;
  }
`;
const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  grid-column: 1 / -1;
`;
const Amount = styled.div`
  font-weight: ${th((t) => t.fontWeights.semibold)};
  text-align: right;
`;
const DetailsButton = styled(Button)`
  white-space: nowrap;
  justify-self: start;
  ${media.md} {
    grid-row: 1;
    grid-column: 3;
  }
`;
const Progress = styled.div`
  grid-column: 1 / -1;
  padding-top: ${th((t) => t.space(3))};
  border-top: 1px solid ${th((t) => t.colors.border)};
`;

export interface OrderCardProps {
  order: OrderView;
  cancelling: boolean;
  onOpen: (orderId: string) => void;
  onCancel: (orderId: string) => void;
  /** The recall notice touching this order, if any. */
  recall?: OrderRecall;
}

/**
 * One order in My Orders: its number, date, delivery and amount, its state in the shopper's words, what the
 * pharmacist's review means for it, its timeline, and for an unpaid order Pay now and Cancel.
 */
export function OrderCard({ order, cancelling, onOpen, onCancel, recall }: OrderCardProps) {
  const unpaid = awaitsPayment(stateOf(order));
  const name = useFocusOnceSettled<HTMLDivElement>(unpaid);
  const number = numberOf(order);
  const market = useMarket();
  return (
    <Frame>
      <div>
        <Num ref={name} tabIndex={-1}>
          Order {number}
        </Num>
        <MutedText>
          <time dateTime={orderDate(order)}>{formatDate(orderDate(order))}</time>
          {order.delivery ? ` · ${order.delivery.label}` : null}
        </MutedText>
      </div>
      <Amount>{formatMoney(order.totalAmount, currencyOf(order, market))}</Amount>
      <Badges>
        <StatusBadges order={order} />
      </Badges>
      <DetailsButton variant="secondary" size="sm" onClick={() => onOpen(order._id)} aria-label={`View details of order ${number}`}>
        View details
      </DetailsButton>
      {unpaid ? <UnpaidActions order={order} cancelling={cancelling} onCancel={onCancel} /> : <BuyAgain orderId={order._id} number={number} />}
      <ReviewNotice order={order} />
      <RecallOnOrder recall={recall} />
      <Progress>
        <OrderTimeline order={order} />
      </Progress>
    </Frame>
  );
}
