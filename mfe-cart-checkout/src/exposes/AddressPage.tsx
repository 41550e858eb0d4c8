import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { AddressPage } from '../address/AddressPage';

export default AddressPage satisfies CartCheckoutExposes['./AddressPage']['default'];
