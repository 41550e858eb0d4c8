import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { selectAuth, selectCurrentUser, useAppDispatch, useAppSelector, useInjectModule } from '@pharmacy/session';
import { EmptyState, PageSpinner, PageTitle, th } from '@pharmacy/ui';
import { Narrow } from '../forms/layout';
import { MY_ORDERS_KEY, myOrdersActions, myOrdersReducer, selectMyOrders } from './slice';
import { myOrdersSaga } from './saga';
import { OrderDetailsDialog } from './OrderDetailsDialog';
import { OrderCard } from './OrderCard';
import { accountQueries, useAccountQueries } from '../queries';
import { recallsByOrder } from '../recalls/RecallOnOrder';
import { ClosedUnpaidOrders } from './ClosedUnpaidOrders';
import { foldClosedUnpaid } from './fold';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${th((t) => t.space(3))};
`;
const ShopLink = styled(Link)`
  color: ${th((t) => t.colors.brandStrong)};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

/**
 * /my-orders: the signed-in user's orders (filled by the checkout service), newest first, with details; payments
 * they cancelled and unpaid orders that expired fold into one line (docs/product.md#shopper-account).
 */
export function MyOrdersPage() {
  useInjectModule({ key: MY_ORDERS_KEY, reducer: myOrdersReducer, saga: myOrdersSaga });
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectCurrentUser);
  const auth = useAppSelector(selectAuth);
  const userId = (current ?? auth.user)?._id;
  const { list, listLoading, listLoaded, details, detailsLoading, cancelling, cancelledHere } = useAppSelector(selectMyOrders);
  const [openId, setOpenId] = useState<string | null>(null);
  const entries = useMemo(() => foldClosedUnpaid(list, cancelledHere), [list, cancelledHere]);
  const cancel = (orderId: string) => dispatch(myOrdersActions.cancelOrderStart({ orderId }));
  useAccountQueries();
  // Recall notices mark the orders they touch (docs/domain.md#recalls).
  const notices = accountQueries.useRecallNoticesQuery(undefined, { skip: !userId }).data;
  const recalls = useMemo(() => recallsByOrder(notices), [notices]);

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
          {entries.map((entry) =>
            entry.kind === 'order' ? (
              <li key={entry.order._id}>
                <OrderCard order={entry.order} cancelling={cancelling.includes(entry.order._id)} onOpen={open} onCancel={cancel} recall={recalls.get(entry.order._id)} />
              </li>
            ) : (
              <li key="closed-unpaid">
                <ClosedUnpaidOrders orders={entry.orders} onOpen={open} />
              </li>
            ),
          )}
        </List>
      )}
      <OrderDetailsDialog
        open={openId !== null}
        loading={detailsLoading}
        order={details}
        onClose={close}
        cancelling={details ? cancelling.includes(details._id) : false}
        onCancel={cancel}
      />
    </Narrow>
  );
}
