import type { AccountExposes } from '@pharmacy/contracts';
import { MyOrdersPage } from '../orders/MyOrdersPage';

export default MyOrdersPage satisfies AccountExposes['./MyOrdersPage']['default'];
