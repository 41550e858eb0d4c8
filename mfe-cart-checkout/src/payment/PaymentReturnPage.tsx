import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { CURRENT_ORDER_ID_KEY, CheckoutRoutes, PAYMENT_RETURN_UNREADABLE, addressInline, closedReasonOf, formatMoney, orderNumber, orderStatusWords, reviewStatusLabel, startedReview, pathTo, taxIncludedText, withReturnTo, type Order } from '@pharmacy/contracts';
import { getErrorMessage, isApiError, selectAuth, useAppSelector, useMarket } from '@pharmacy/session';
import styled from 'styled-components';
import { Button, Card, PageTitle, Spinner, th } from '@pharmacy/ui';
import { orderApi } from '../cart/api';
import { cartActions } from '../cart/slice';
import { useCartModule } from '../cart/useCart';
import { noticePanel } from '../notice';
import { leaveFor } from './leave';
import { TestPaymentNotice } from './TestPaymentNotice';

const SIGN_IN_PATH = '/sign-in';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${th((t) => t.space(1))} ${th((t) => t.space(4))};
  margin: ${th((t) => t.space(3))} 0;
  dt, dd {
    margin: 0;
  }
  dd {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

/**
 * The order as it stands: its short number and state in the shop's one set of words, the items, the server's
 * figures (subtotal, delivery, total and the tax it includes) and where it goes or is collected.
 */
export function OrderFacts({ order }: { order: Order }) {
  const { tax } = useMarket();
  const words = orderStatusWords(order, 'shopper');
  const money = (n: number) => formatMoney(n, order.currency);
  const pharmacy = order.delivery?.method === 'collect' ? order.delivery.pharmacy : null;
  return (
    <>
      <p>
        Order <strong>{order.orderNumber ?? orderNumber(order._id)}</strong> · {words.order} · Payment: {words.payment}
      </p>
      <ul>
        {order.items.map((i) => (
          <li key={i.productId}>
            {i.quantity} × {i.title} — {money(i.lineTotal)}
          </li>
        ))}
      </ul>
      <Figures aria-label="Order figures">
        <dt>Subtotal</dt>
        <dd>{money(order.subtotal ?? order.totalAmount)}</dd>
        <dt>{order.delivery?.label ?? 'Delivery'}</dt>
        <dd>{(order.deliveryFee ?? 0) === 0 ? 'Free' : money(order.deliveryFee)}</dd>
        <dt>
          <strong>Total</strong>
        </dt>
        <dd>
          <strong>{money(order.totalAmount)}</strong>
        </dd>
      </Figures>
      {typeof order.taxIncluded === 'number' && <p>{taxIncludedText(tax.name, money(order.taxIncluded), order.taxRatePercent ?? tax.ratePercent)}</p>}
      {pharmacy ? (
        <p>
          Collect at {pharmacy.name}, {pharmacy.address}
        </p>
      ) : (
        <p>
          Delivering to {order.address.fullName}, {addressInline(order.address)}
        </p>
      )}
    </>
  );
}

/** The pharmacist's hold, said where the shopper looks right after paying. */
const Review = styled.section`
  margin: ${th((t) => t.space(3))} 0;
  ${noticePanel('warning', true)}
  h2 {
    margin: 0 0 ${th((t) => t.space(1))};
    font-size: ${th((t) => t.fontSizes.lg)};
  }
`;

/**
 * What the shopper is told first once the payment is in: the truth about what happens next, so the page never says
 * "confirmed" above a pharmacist who may still refuse (docs/product.md#safety-while-shopping).
 */
function paymentReceivedLine(order: Order): string {
  const words = orderStatusWords(order, 'shopper');
  if (closedReasonOf(order)) return `Payment received, but this order has since closed: ${words.order}. My Orders says what happens to your payment.`;
  if (startedReview(order)?.status === 'awaiting') return 'Payment received; our pharmacist checks this order before we prepare it.';
  // A return page opened again later finds the order further on.
  const collect = order.delivery?.method === 'collect';
  if (order.orderStatus === 'inShipping') return collect ? 'Payment received; your order is ready to collect.' : 'Payment received; your order is on its way.';
  if (order.orderStatus === 'delivered') return collect ? 'Payment received; you have collected this order.' : 'Payment received; your order has been delivered.';
  return 'Payment received; we are preparing your order.';
}

/**
 * A return link from before the server read providers' returns (an order placed before that release and approved
 * after it) still carries the provider's own words: the page does not read them, it hands the whole query to the
 * server's return route once, which redirects back here in ours (docs/architecture.md#payments).
 */
function isOldProviderReturn(params: URLSearchParams): boolean {
  if (params.has('error') || (params.get('paymentId') && params.get('payerId'))) return false;
  return [...params.keys()].some((name) => name !== 'orderId');
}

/**
 * /secure/checkout/return: the shop's return route (GET /api/payments/return) reads the provider's return and sends
 * the shopper here with orderId, paymentId and payerId; this page captures the payment. The order id comes from the
 * URL first (the return may open where sessionStorage is empty: another tab, another host name, a new sign-in), else
 * sessionStorage (currentOrderId: docs/domain.md#orders). A shopper whose session ended meanwhile is sent to sign in
 * and brought back to this very URL, query included, and the capture completes then.
 */
export function PaymentReturnPage() {
  useCartModule();
  const dispatch = useDispatch();
  const location = useLocation();
  const { isAuthenticated, isLoading } = useAppSelector(selectAuth);
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId');
  const payerId = params.get('payerId');
  const [oldReturn] = useState(() => isOldProviderReturn(params));
  const [orderId] = useState(() => params.get('orderId') ?? sessionStorage.getItem(CURRENT_ORDER_ID_KEY));
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const started = useRef(false);

  const capture = useCallback(async () => {
    if (!paymentId || !payerId || !orderId) return;
    setBusy(true);
    setError(null);
    try {
      const confirmed = await orderApi.capture({ paymentId, payerId, orderId });
      sessionStorage.removeItem(CURRENT_ORDER_ID_KEY);
      setOrder(confirmed);
      dispatch(cartActions.loadRequested());
    } catch (err) {
      if (isApiError(err) && err.status === 401) setSignedOut(true);
      else setError(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }, [paymentId, payerId, orderId, dispatch]);

  const ready = isAuthenticated && !isLoading;
  useEffect(() => {
    if (oldReturn) leaveFor(`${pathTo(CheckoutRoutes.payments.providerReturn)}${location.search}`);
  }, [oldReturn, location.search]);
  useEffect(() => {
    // Once per visit and only once signed in (StrictMode mounts twice); capture is idempotent on the server.
    if (oldReturn || started.current || !ready) return;
    started.current = true;
    void capture();
  }, [capture, ready, oldReturn]);

  if (oldReturn) {
    return (
      <section>
        <PageTitle>Confirming your payment</PageTitle>
        <Spinner />
      </section>
    );
  }
  if (signedOut || (!isLoading && !isAuthenticated)) {
    // back here after signing in (the address names the page, docs/product.md#guards); `from` keeps the form for a signed-in visitor
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withReturnTo(SIGN_IN_PATH, here)} replace state={{ from: { pathname: location.pathname, search: location.search, hash: location.hash } }} />;
  }

  if (!paymentId || !payerId || !orderId) {
    return (
      <section>
        <PageTitle>Payment</PageTitle>
        <TestPaymentNotice />
        <p role="alert">
          {params.get('error') === PAYMENT_RETURN_UNREADABLE
            ? 'The payment provider’s answer could not be read, so your payment was not confirmed.'
            : 'We could not find the payment details for this page.'} If you paid, your order is in <Link to="/my-orders">My Orders</Link>;
          otherwise you can <Link to="/cart">return to your cart</Link>.
        </p>
      </section>
    );
  }
  if (order) {
    return (
      <section>
        <PageTitle>Thank you for your order</PageTitle>
        <TestPaymentNotice paymentMethod={order.paymentMethod} />
        <Card>
          <p role="status">{paymentReceivedLine(order)}</p>
          {startedReview(order)?.status === 'awaiting' && (
            <Review role="note" aria-labelledby="review-title">
              <h2 id="review-title">{reviewStatusLabel('awaiting', 'shopper')}</h2>
              <p>
                You can follow it in My Orders. If our pharmacist cannot approve it, we do not send it and your payment is refunded in
                full.
              </p>
            </Review>
          )}
          <OrderFacts order={order} />
          <Link to="/my-orders">View My Orders</Link>
        </Card>
      </section>
    );
  }
  return (
    <section>
      <PageTitle>Confirming your payment</PageTitle>
      <TestPaymentNotice />
      {error ? (
        <Card>
          <p role="alert">{error}</p>
          <Button onClick={() => void capture()} loading={busy}>
            Retry
          </Button>{' '}
          <Link to="/cart">Back to cart</Link>
        </Card>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
