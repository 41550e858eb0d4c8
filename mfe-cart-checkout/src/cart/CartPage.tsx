import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { parseCartAdd, prescriptionsPageFor } from '@pharmacy/contracts';
import styled from 'styled-components';
import { Button, Card, EmptyState, PageTitle, Spinner } from '@pharmacy/ui';
import { CartLines, LineProblems } from './CartLines';
import { cartActions } from './slice';
import { TotalsBreakdown } from './TotalsBreakdown';
import { useCart } from './useCart';

const Summary = styled(Card)`
  margin-top: 1.5rem;
  display: grid;
  gap: 1rem;
  @media (min-width: 640px) {
    max-width: 28rem;
    margin-left: auto;
  }
`;
const Alert = styled.p`
  margin: 0 0 1rem;
`;

/**
 * A cart link (`/cart?add=<productId>:<quantity>`, a refill reminder's "Order again"): once who the shopper is is
 * known, the product goes in through the normal add (stock, limits, safety, prescription), once, and the link's
 * query leaves the address bar so a reload adds nothing more. Returns the product asked for, if any.
 */
function useLinkedAdd(shopper: string | null | undefined): string | null {
  const [params, setParams] = useSearchParams();
  const dispatch = useDispatch();
  const asked = useRef(parseCartAdd(params.get('add')));
  const done = useRef(false);
  useEffect(() => {
    if (shopper === undefined || done.current) return;
    done.current = true;
    if (asked.current) dispatch(cartActions.addRequested(asked.current));
    if (params.has('add')) setParams((p) => { p.delete('add'); return p; }, { replace: true });
  }, [dispatch, params, setParams, shopper]);
  return asked.current?.productId ?? null;
}

export const CART_KEPT = "This is your cart as we last loaded it: we can't reach the pharmacy to update it right now.";

/**
 * /cart: the visitor's browser cart or the signed-in user's server cart, priced and capped by the server. While the
 * shop cannot be reached the cart last loaded stays, saying so.
 */
export function CartPage() {
  const { cart, loading, error, message, shopper, stale, refused } = useCart();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const linked = useLinkedAdd(shopper);
  const linkRefusal = linked ? refused[linked] : undefined;
  // a date of birth added from a line: the server checks the age again
  const reload = () => dispatch(cartActions.loadRequested());

  if (!cart) {
    return (
      <section>
        <PageTitle>Your cart</PageTitle>
        {error ? <Alert role="alert">{error}</Alert> : <Spinner />}
      </section>
    );
  }
  const blocked = cart.items.filter((i) => i.problem);
  return (
    <section>
      <PageTitle>Your cart</PageTitle>
      {stale && <Alert role="status">{CART_KEPT}</Alert>}
      {linkRefusal && (
        <Alert role="alert">
          {linkRefusal} <Link to={prescriptionsPageFor(linked ?? undefined)}>Go to My prescriptions</Link>
        </Alert>
      )}
      {message && <Alert role="status">{message}</Alert>}
      {error && <Alert role="alert">{error}</Alert>}
      {cart.items.length === 0 ? (
        <EmptyState message="Your cart is empty" action={<Link to="/pharmacy/products">Browse products</Link>} />
      ) : (
        <>
          {cart.hasWarnings && (
            <Alert role="note">Some items carry safety warnings for your health profile. Please read them before you order.</Alert>
          )}
          {cart.needsConsultation && (
            <Alert role="note">
              Your cart has a pharmacy medicine: checkout asks a few short questions about who it is for, and a pharmacist checks the
              order before it is sent.
            </Alert>
          )}
          <CartLines
            cart={cart}
            busy={loading}
            onQuantity={(productId, quantity) => dispatch(cartActions.setQuantityRequested({ productId, quantity }))}
            onRemove={(productId) => dispatch(cartActions.removeRequested({ productId }))}
            onDateOfBirthSaved={reload}
          />
          <Summary>
            <div>
              {cart.itemCount} item{cart.itemCount === 1 ? '' : 's'}
            </div>
            {/* a checkout service from before delivery methods sends no totals: nothing to break down then */}
            {cart.totals && (
              <TotalsBreakdown totals={cart.totals} label="Cart summary">
                <p>Express delivery and click and collect at a pharmacy are chosen at checkout.</p>
              </TotalsBreakdown>
            )}
            {blocked.length > 0 && <LineProblems lines={blocked} onDateOfBirthSaved={reload} />}
            <Button fullWidth disabled={!cart.canCheckout || loading} onClick={() => navigate('/secure/checkout')}>
              {shopper ? 'Checkout' : 'Sign in to check out'}
            </Button>
          </Summary>
        </>
      )}
    </section>
  );
}
