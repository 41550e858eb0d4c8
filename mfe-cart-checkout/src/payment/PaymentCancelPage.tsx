import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import { CURRENT_ORDER_ID_KEY, orderNumber, orderStatusWords, type Order } from '@pharmacy/contracts';
import { getErrorMessage } from '@pharmacy/session';
import { Button, Card, PageTitle, Spinner } from '@pharmacy/ui';
import { orderApi } from '../cart/api';
import { cartActions } from '../cart/slice';
import { useCartModule } from '../cart/useCart';
import { TestPaymentNotice } from './TestPaymentNotice';

/** /secure/checkout/cancel: the shopper cancelled at the provider; cancel the order so its stock is released. */
export function PaymentCancelPage() {
  useCartModule();
  const dispatch = useDispatch();
  const [params] = useSearchParams();
  const [orderId] = useState(() => params.get('orderId') ?? sessionStorage.getItem(CURRENT_ORDER_ID_KEY));
  const [state, setState] = useState<'working' | 'done' | 'error'>('working');
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const cancel = useCallback(async () => {
    if (!orderId) return;
    setState('working');
    try {
      setOrder(await orderApi.cancel(orderId));
      sessionStorage.removeItem(CURRENT_ORDER_ID_KEY);
      dispatch(cartActions.loadRequested());
      setState('done');
    } catch (err) {
      setError(getErrorMessage(err));
      setState('error');
    }
  }, [orderId, dispatch]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void cancel();
  }, [cancel]);

  return (
    <section>
      <PageTitle>Payment cancelled</PageTitle>
      <TestPaymentNotice />
      {!orderId ? (
        <p role="alert">
          No order to cancel was found. <Link to="/cart">Back to your cart</Link>
        </p>
      ) : state === 'working' ? (
        <Spinner />
      ) : state === 'done' ? (
        <Card>
          <p role="status">Your payment was cancelled and no money was taken. The items we held for you were released.</p>
          {order && (
            <p>
              Order <strong>{order.orderNumber ?? orderNumber(order._id)}</strong> · {orderStatusWords(order, 'shopper').order}
            </p>
          )}
          <p>Your cart is kept, so you can check out again whenever you like.</p>
          <Link to="/cart">Back to your cart</Link>
        </Card>
      ) : (
        <Card>
          <p role="alert">{error}</p>
          <Button onClick={() => void cancel()}>Retry</Button>
        </Card>
      )}
    </section>
  );
}
