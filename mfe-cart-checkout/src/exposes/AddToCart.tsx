import type { CartCheckoutExposes } from '@pharmacy/contracts';
import { AddToCart } from '../cart/AddToCart';

export default AddToCart satisfies CartCheckoutExposes['./AddToCart']['default'];
