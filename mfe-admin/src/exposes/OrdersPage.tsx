import type { AdminExposes } from '@pharmacy/contracts';
import { OrdersPage as Orders } from '../orders/OrdersPage';
import { ForRole } from '../ForRole';
import { useAdminModule } from '../state/module';

// /admin/orders: injects the admin slice and saga into the host store before the screen selects from it.
function OrdersPage() {
  useAdminModule();
  return (
    <ForRole permission="orders.view" title="Orders">
      <Orders />
    </ForRole>
  );
}

export default OrdersPage satisfies AdminExposes['./OrdersPage']['default'];
