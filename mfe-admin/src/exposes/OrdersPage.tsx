import type { AdminExposes } from '@pharmacy/contracts';
import { OrdersPage } from '../orders/OrdersPage';
import { exposedScreen } from './screen';

// /admin/orders
export default exposedScreen(OrdersPage, 'orders.view', 'Orders') satisfies AdminExposes['./OrdersPage']['default'];
