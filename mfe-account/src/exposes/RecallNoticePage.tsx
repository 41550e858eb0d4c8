import type { AccountExposes } from '@pharmacy/contracts';
import { RecallNoticePage } from '../recalls/RecallNoticePage';

export default RecallNoticePage satisfies AccountExposes['./RecallNoticePage']['default'];
