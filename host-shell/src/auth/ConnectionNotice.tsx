import { checkAuth, selectAuth, selectUnreachable, useAppDispatch, useAppSelector } from '@pharmacy/session';
import { PageNotice } from '../app/PageNotice';
import { useRetryWhenBack } from '../remotes/retryWhenBack';

/**
 * While the sign-in check gets no answer (docs/product.md#client-state), one calm line above the page says the
 * pharmacy cannot be reached; the shopper stays signed in with what was last known. It asks again by itself, and
 * goes as soon as an answer comes.
 */
export function ConnectionNotice() {
  const dispatch = useAppDispatch();
  const message = useAppSelector(selectUnreachable);
  const { isLoading } = useAppSelector(selectAuth);
  useRetryWhenBack(message && !isLoading ? () => void dispatch(checkAuth()) : undefined);
  // the live region stays in the page, so the line is announced when it appears
  return <PageNotice role="status">{message}</PageNotice>;
}
