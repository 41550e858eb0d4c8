import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDate, formatMoney } from '@pharmacy/contracts';
import { selectAuth, selectCurrentUser, useAppDispatch, useAppSelector, useInjectModule, useMarket } from '@pharmacy/session';
import { Button, Card, EmptyState, MutedText, PageSpinner, PageTitle, media, th } from '@pharmacy/ui';
import { Narrow } from '../forms/layout';
import { MY_ORDERS_KEY, myOrdersActions, myOrdersReducer, selectMyOrders } from './slice';
import { myOrdersSaga } from './saga';
import { numberOf, orderDate } from './format';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { StatusBadges } from './StatusBadges';
import { OrderTimeline } from './OrderTimeline';
import { ReviewNotice } from './review';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${th((t) => t.space(3))};
`;
const OrderCard = styled(Card)`
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
const ShopLink = styled(Link)`
  color: ${th((t) => t.colors.brandStrong)};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

/** /my-orders: the signed-in user's orders (filled by the checkout service), newest first, with details. */
export function MyOrdersPage() {
  useInjectModule({ key: MY_ORDERS_KEY, reducer: myOrdersReducer, saga: myOrdersSaga });
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectCurrentUser);
  const auth = useAppSelector(selectAuth);
  const userId = (current ?? auth.user)?._id;
  const { list, listLoading, listLoaded, details, detailsLoading, cancelling } = useAppSelector(selectMyOrders);
  const [openId, setOpenId] = useState<string | null>(null);
  const market = useMarket();

  useEffect(() => {
    if (userId) dispatch(myOrdersActions.fetchOrdersStart({ userId }));
  }, [dispatch, userId]);

  // Closing the dialog clears the loaded details (as the admin screens do: docs/product.md#admin-panel).
  useEffect(() => () => void dispatch(myOrdersActions.resetOrderDetails()), [dispatch]);

  function open(orderId: string) {
    setOpenId(orderId);
    dispatch(myOrdersActions.fetchOrderDetailsStart({ orderId }));
  }
  function close() {
    setOpenId(null);
    dispatch(myOrdersActions.resetOrderDetails());
  }

  return (
    <Narrow $wide>
      <PageTitle>My orders</PageTitle>
      {!listLoaded || (listLoading && list.length === 0) ? (
        <PageSpinner label="Loading your orders" />
      ) : list.length === 0 ? (
        <EmptyState
          message="You have no orders yet"
          description="When you place an order it appears here with its status."
          action={<ShopLink to="/pharmacy/products">Browse products</ShopLink>}
        />
      ) : (
        <List aria-label="Your orders">
          {list.map((order) => (
            <li key={order._id}>
              <OrderCard>
                <div>
                  <Num>Order {numberOf(order)}</Num>
                  <MutedText>
                    <time dateTime={orderDate(order)}>{formatDate(orderDate(order))}</time>
                    {order.delivery ? ` · ${order.delivery.label}` : null}
                  </MutedText>
                </div>
                <Amount>{formatMoney(order.totalAmount, order.currency ?? market.currency)}</Amount>
                <Badges>
                  <StatusBadges order={order} />
                </Badges>
                <DetailsButton variant="secondary" size="sm" onClick={() => open(order._id)} aria-label={`View details of order ${numberOf(order)}`}>
                  View details
                </DetailsButton>
                <ReviewNotice order={order} />
                <Progress>
                  <OrderTimeline order={order} />
                </Progress>
              </OrderCard>
            </li>
          ))}
        </List>
      )}
      <OrderDetailsDialog
        open={openId !== null}
        loading={detailsLoading}
        order={details}
        onClose={close}
        cancelling={cancelling}
        onCancel={(orderId) => dispatch(myOrdersActions.cancelOrderStart({ orderId }))}
      />
    </Narrow>
  );
}
