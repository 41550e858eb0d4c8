import type { AccountExposes } from '@pharmacy/contracts';
import { SuggestIdeaPage } from '../support/SuggestIdeaPage';

export default SuggestIdeaPage satisfies AccountExposes['./SuggestIdeaPage']['default'];
