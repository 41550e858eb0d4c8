import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ADDRESS_LIMIT, CURRENT_ORDER_ID_KEY, formatMoney } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { Button, Card, EmptyState, PageTitle, Spinner } from '@pharmacy/ui';
import { AddressForm } from '../address/AddressForm';
import { useAddresses } from '../address/useAddresses';
import { addressApi, orderApi } from '../cart/api';
import { CartLines } from '../cart/CartLines';
import { useCart } from '../cart/useCart';
import { TestPaymentNotice } from '../payment/TestPaymentNotice';
import { AddressCard } from '../address/AddressPage';

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  @media (min-width: 900px) {
    grid-template-columns: 1fr 1fr;
  }
`;
const Choice = styled.label`
  display: flex;
  gap: 0.75rem;
  align-items: flex-start;
  padding: 0.75rem;
  border: 1px solid #cbd5e1;
  border-radius: 8px;
  margin-bottom: 0.75rem;
  cursor: pointer;
`;

/**
 * /secure/checkout: pick or add an address, review the server-computed items and total, acknowledge safety
 * warnings, place the order, then go to the payment provider's approval page.
 */
export function CheckoutPage() {
  const { cart, error: cartError } = useCart();
  const { userId, addresses, reload } = useAddresses();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (addresses && addresses.length > 0 && !addresses.some((a) => a._id === addressId)) setAddressId(addresses[0]._id);
  }, [addresses, addressId]);

  if (!cart || !addresses || !userId) return cartError ? <p role="alert">{cartError}</p> : <Spinner />;
  if (cart.items.length === 0) {
    return (
      <section>
        <PageTitle>Checkout</PageTitle>
        <EmptyState message="Your cart is empty" action={<Link to="/pharmacy/products">Browse products</Link>} />
      </section>
    );
  }

  const needsAck = cart.hasWarnings;
  const canPlace = cart.canCheckout && !!addressId && (!needsAck || acknowledged) && !placing;

  async function place() {
    if (!addressId) return;
    setPlacing(true);
    setError(null);
    try {
      const { orderId, approvalURL } = await orderApi.create(addressId, needsAck && acknowledged);
      sessionStorage.setItem(CURRENT_ORDER_ID_KEY, orderId);
      window.location.assign(approvalURL);
    } catch (err) {
      setError(getErrorMessage(err));
      setPlacing(false);
    }
  }

  return (
    <section>
      <PageTitle>Checkout</PageTitle>
      <TestPaymentNotice />
      <Layout>
        <Card>
          <h2>Delivery address</h2>
          {addresses.map((a) => (
            <Choice key={a._id}>
              <input type="radio" name="address" value={a._id} checked={addressId === a._id} onChange={() => setAddressId(a._id)} />
              <AddressCard address={a} />
            </Choice>
          ))}
          {adding ? (
            <AddressForm
              submitLabel="Save and use this address"
              onCancel={() => setAdding(false)}
              onSubmit={async (input) => {
                const saved = await addressApi.add(userId, input);
                setAdding(false);
                await reload();
                setAddressId(saved._id);
              }}
            />
          ) : addresses.length < ADDRESS_LIMIT ? (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              Add a new address
            </Button>
          ) : null}
        </Card>
        <Card>
          <h2>Your order</h2>
          <CartLines cart={cart} />
          <p>
            <strong aria-label="Order total">Total: {formatMoney(cart.totalAmount)}</strong>
          </p>
          {!cart.canCheckout && (
            <p role="alert">
              Some items cannot be ordered. <Link to="/cart">Review your cart</Link>.
            </p>
          )}
          {needsAck && (
            <label>
              <input type="checkbox" checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} /> I have read the safety
              warnings above and want to order these items anyway.
            </label>
          )}
          {error && <p role="alert">{error}</p>}
          <Button fullWidth disabled={!canPlace} loading={placing} loadingLabel="Placing your order" onClick={() => void place()}>
            Place order and pay
          </Button>
        </Card>
      </Layout>
    </section>
  );
}
