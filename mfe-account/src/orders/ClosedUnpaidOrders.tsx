import { useId, useState } from 'react';
import styled from 'styled-components';
import { formatDate, formatMoney, orderStatusWords } from '@pharmacy/contracts';
import { Button, Card, MutedText, th } from '@pharmacy/ui';
import type { OrderView } from './slice';
import { numberOf, orderDate, stateOf } from './format';
import { closedUnpaidLabel } from './fold';

const Fold = styled(Card)`
  padding: ${th((t) => t.space(3))} ${th((t) => t.space(4))};
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(3))};
`;
const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space(2))};
  min-height: 2.75rem;
  padding: 0;
  border: 0;
  background: none;
  color: ${th((t) => t.colors.brandStronger)};
  font: inherit;
  font-weight: ${th((t) => t.fontWeights.semibold)};
  cursor: pointer;
  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(-45deg);
    transition: transform 120ms ease;
  }
  &[aria-expanded='true']::before {
    transform: rotate(45deg);
  }
`;
const Rows = styled.ul`
  list-style: none;
  margin: ${th((t) => t.space(2))} 0 0;
  padding: 0;
  > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${th((t) => t.space(1))} ${th((t) => t.space(3))};
    padding: ${th((t) => t.space(2))} 0;
    border-top: 1px solid ${th((t) => t.colors.border)};
  }
`;
const Grow = styled.div`
  flex: 1;
  min-width: 12rem;
`;

/**
 * Payments the shopper cancelled and unpaid orders that expired, folded into one line of My Orders ("3 cancelled
 * payments"): they took no money and ask for nothing, so they do not take a card each. Opened, each is a row with
 * its number, date, amount and state, and its details.
 */
export function ClosedUnpaidOrders({ orders, onOpen }: { orders: OrderView[]; onOpen: (orderId: string) => void }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const label = closedUnpaidLabel(orders);
  return (
    <Fold>
      <Head>
        <Toggle type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {label}
        </Toggle>
        <MutedText>No money was taken.</MutedText>
      </Head>
      <Rows id={listId} aria-label={label} hidden={!open}>
        {orders.map((order) => {
          const number = numberOf(order);
          const placed = orderDate(order);
          return (
            <li key={order._id}>
              <Grow>
                <div>Order {number}</div>
                <MutedText>
                  {placed ? <time dateTime={placed}>{formatDate(placed)}</time> : null} · {formatMoney(order.totalAmount, order.currency)} ·{' '}
                  {orderStatusWords(stateOf(order), 'shopper').order}
                </MutedText>
              </Grow>
              <Button variant="ghost" size="sm" onClick={() => onOpen(order._id)} aria-label={`View details of order ${number}`}>
                View details
              </Button>
            </li>
          );
        })}
      </Rows>
    </Fold>
  );
}
