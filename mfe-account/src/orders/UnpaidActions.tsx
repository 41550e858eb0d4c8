import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { CURRENT_ORDER_ID_KEY, formatDate } from '@pharmacy/contracts';
import { Button, VisuallyHidden, buttonStyles, th } from '@pharmacy/ui';
import type { OrderView } from './slice';
import { numberOf } from './format';

const Box = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  align-items: center;
  p {
    flex-basis: 100%;
    margin: 0;
  }
`;
const Question = styled.div`
  flex-basis: 100%;
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space(2))};
  align-items: center;
  p:focus {
    outline: none;
  }
`;
const PayLink = styled.a`
  ${buttonStyles({ size: 'sm' })}
`;

export interface UnpaidActionsProps {
  order: OrderView;
  /** Its cancel call is under way. */
  cancelling: boolean;
  onCancel: (orderId: string) => void;
}

/**
 * An unpaid order holds its items until it expires: the shopper pays for it through its payment link (the provider
 * brings them back to the return page, as after checkout) or gives it up after saying so, on its card and in its
 * details alike (docs/product.md#shopper-account).
 */
export function UnpaidActions({ order, cancelling, onCancel }: UnpaidActionsProps) {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const question = useRef<HTMLParagraphElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  const number = numberOf(order);

  // The question is read out as it appears; going back to the order returns to the button that asked it.
  useEffect(() => {
    if (asking) question.current?.focus();
    else if (asked.current) cancelButton.current?.focus();
    asked.current = asking;
  }, [asking]);

  return (
    <Box>
      <p role="note">
        Not paid yet: we hold these items for you until {order.expiresAt ? formatDate(order.expiresAt, { withTime: true }) : 'the order expires'}.
      </p>
      {asking ? (
        <Question role="group" aria-labelledby={questionId}>
          <p id={questionId} ref={question} tabIndex={-1}>
            Cancel order {number}? No money is taken and the items we hold for you are released.
          </p>
          <Button variant="danger" size="sm" loading={cancelling} loadingLabel="Cancelling the order" onClick={() => onCancel(order._id)}>
            Yes, cancel order
          </Button>
          <Button variant="ghost" size="sm" disabled={cancelling} onClick={() => setAsking(false)}>
            Keep order
          </Button>
        </Question>
      ) : (
        <>
          {order.paymentURL ? (
            // The order travels in session storage as it does from checkout (docs/domain.md#orders).
            <PayLink href={order.paymentURL} onClick={() => sessionStorage.setItem(CURRENT_ORDER_ID_KEY, order._id)}>
              Pay now<VisuallyHidden> for order {number}</VisuallyHidden>
            </PayLink>
          ) : null}
          <Button ref={cancelButton} variant="secondary" size="sm" onClick={() => setAsking(true)}>
            Cancel order<VisuallyHidden> {number}</VisuallyHidden>
          </Button>
        </>
      )}
    </Box>
  );
}

/**
 * Where focus goes once the order is no longer unpaid while the shopper was acting on it: the actions they used are
 * gone, so focus moves to `target` (the order's name) instead of falling back to the page or the dialog's frame.
 */
export function useFocusOnceSettled<T extends HTMLElement>(unpaid: boolean) {
  const target = useRef<T>(null);
  const was = useRef(unpaid);
  useEffect(() => {
    const active = document.activeElement;
    if (was.current && !unpaid && target.current && (!active || active.contains(target.current))) target.current.focus();
    was.current = unpaid;
  }, [unpaid]);
  return target;
}
