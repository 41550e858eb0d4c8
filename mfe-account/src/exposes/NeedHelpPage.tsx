import type { AccountExposes } from '@pharmacy/contracts';
import { NeedHelpPage } from '../support/NeedHelpPage';

export default NeedHelpPage satisfies AccountExposes['./NeedHelpPage']['default'];
