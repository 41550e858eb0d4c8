import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CheckoutRoutes, pathTo, type BuyAgainResult } from '@pharmacy/contracts';
import { apiData, cartReplaced, getErrorMessage, useAppDispatch } from '@pharmacy/session';
import { Button, th } from '@pharmacy/ui';

const Said = styled.div`
  grid-column: 1 / -1;
  p,
  ul {
    margin: ${th((t) => t.space(1))} 0 0;
  }
`;
const Problem = styled.p`
  color: ${th((t) => t.colors.dangerStrong)};
`;

type Outcome = { result: BuyAgainResult } | { error: string };

/**
 * Buy again (docs/product.md#prescription-medicines-while-shopping): the order's items go back in the cart through
 * the cart's own checks (stock, limits, safety, prescriptions), and what could not is named with why.
 */
export function BuyAgain({ orderId, number }: { orderId: string; number: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const dispatch = useAppDispatch();

  async function buyAgain() {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await apiData.post<BuyAgainResult>(pathTo(CheckoutRoutes.orders.buyAgain, { orderId }));
      // the header's cart badge (the cart remote) counts what was just added
      dispatch(cartReplaced(result.cart));
      setOutcome({ result });
    } catch (error) {
      setOutcome({ error: getErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" loading={busy} loadingLabel="Adding to your cart" onClick={() => void buyAgain()} aria-label={`Buy again: order ${number}`}>
        Buy again
      </Button>
      <Said role="status">
        {outcome && 'error' in outcome && <Problem>{outcome.error}</Problem>}
        {outcome && 'result' in outcome && (
          <>
            <p>
              {outcome.result.notAdded.length === 0 ? 'Everything from this order is in your cart.' : 'Some items could not be added to your cart:'}{' '}
              {outcome.result.notAdded.length === 0 && <Link to="/cart">Go to your cart</Link>}
            </p>
            {outcome.result.notAdded.length > 0 && (
              <>
                <ul>
                  {outcome.result.notAdded.map((n) => (
                    <li key={n.title}>
                      {n.title}: {n.reason}
                    </li>
                  ))}
                </ul>
                {outcome.result.cart.items.length > 0 && (
                  <p>
                    <Link to="/cart">Go to your cart</Link>
                  </p>
                )}
              </>
            )}
          </>
        )}
      </Said>
    </>
  );
}
