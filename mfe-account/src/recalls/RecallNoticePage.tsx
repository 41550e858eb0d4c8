import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatDate, type RecallNotice } from '@pharmacy/contracts';
import { readOf } from '@pharmacy/session';
import { Button, Card, EmptyState, PageSpinner, PageTitle, th } from '@pharmacy/ui';
import { Lead, Narrow } from '../forms/layout';
import { accountQueries, useAccountQueries } from '../queries';

const Lines = styled.ul`
  margin: ${th((t) => t.space(3))} 0;
  padding-left: ${th((t) => t.space(5))};
`;
const Action = styled(Card)`
  margin-top: ${th((t) => t.space(4))};
  border-left: 4px solid ${th((t) => t.colors.dangerStrong)};
`;
const Problem = styled.div`
  margin-top: ${th((t) => t.space(5))};
`;

const day = (yyyyMmDd: string) => formatDate(`${yyyyMmDd}T00:00:00Z`, { utc: true });

function NoticeBody({ notice }: { notice: RecallNotice }) {
  const received = notice.lines.filter((l) => l.outcome === 'paid');
  const cancelled = notice.lines.filter((l) => l.outcome === 'released');
  return (
    <>
      <Lead>
        A batch of a medicine you ordered has been recalled (class {notice.recallClass} recall, {formatDate(notice.issuedAt, { utc: true })}). {notice.reason}
      </Lead>
      {received.length > 0 && (
        <>
          <h2>What you received</h2>
          <Lines>
            {received.map((l) => (
              <li key={`${l.orderId}:${l.lot}`}>
                {l.quantity} × {l.productTitle}, lot <strong>{l.lot}</strong>, expiry {day(l.expiresOn)} (order {l.orderNumber})
              </li>
            ))}
          </Lines>
          <Action as="section" aria-labelledby="recall-action">
            <h2 id="recall-action">What you must do</h2>
            <p>{notice.action}</p>
            <p>Check the lot number printed on the pack. If you have questions, ask a pharmacist.</p>
          </Action>
        </>
      )}
      {cancelled.length > 0 && (
        <p>
          Your unpaid order {[...new Set(cancelled.map((l) => l.orderNumber))].join(', ')} held {cancelled.map((l) => l.productTitle).join(', ')} from this batch, so we
          cancelled it. Nothing was charged.
        </p>
      )}
      <p>
        <Link to="/my-orders">Go to My Orders</Link>
      </p>
    </>
  );
}

/** /recalls/:noticeId: a recall notice from the pharmacy, the signed-in shopper's own (docs/domain.md#recalls). */
export function RecallNoticePage() {
  useAccountQueries();
  const { noticeId = '' } = useParams();
  const read = readOf(accountQueries.useRecallNoticeQuery(noticeId, { skip: !noticeId }));
  return (
    <Narrow $wide>
      <PageTitle>Medicine recall notice</PageTitle>
      {read.loading && !read.data ? (
        <PageSpinner label="Loading the recall notice" />
      ) : read.status === 404 ? (
        <EmptyState message="This recall notice was not found" description="It may belong to another account. Sign in with the account the email was sent to." action={<Link to="/my-orders">Go to My Orders</Link>} />
      ) : read.error || !read.data ? (
        <Problem role="alert">
          <p>{read.error ?? 'The notice could not be loaded.'}</p>
          <Button variant="secondary" onClick={read.reload}>
            Try again
          </Button>
        </Problem>
      ) : (
        <NoticeBody notice={read.data} />
      )}
    </Narrow>
  );
}
