import type { AccountExposes } from '@pharmacy/contracts';
import { PrescriptionsPage } from '../prescriptions/PrescriptionsPage';

export default PrescriptionsPage satisfies AccountExposes['./PrescriptionsPage']['default'];
