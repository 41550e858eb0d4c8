import type { AccountExposes } from '@pharmacy/contracts';
import { DateOfBirthDialog } from '../profile/DateOfBirthDialog';

export default DateOfBirthDialog satisfies AccountExposes['./DateOfBirthDialog']['default'];
