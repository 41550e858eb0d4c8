import { useCan } from '@pharmacy/session';
import { Button } from '@pharmacy/ui';
import { AWAITING_FIRST_PAGE, prescriptionQueries, usePrescriptionQueries } from './queries';

export const PRESCRIPTIONS_TO_CHECK = 'Prescriptions to check';
/** The label with the widest count it shows, in the button's own characters plus its padding. */
const COUNTED_WIDTH = `calc(${PRESCRIPTIONS_TO_CHECK.length + 6}ch + 2rem)`;

/** Orders' "Prescriptions to check (N)": the queue's size for staff who check them, the plain name for others. */
export function PrescriptionsButton({ pressed, onClick }: { pressed: boolean; onClick: () => void }) {
  usePrescriptionQueries();
  const canCheck = useCan('clinical.review');
  const { data } = prescriptionQueries.usePageQuery(AWAITING_FIRST_PAGE, { skip: !canCheck });
  return (
    // The count arrives after the page: the button keeps the width of "(999)" from the start, so its arrival moves
    // nothing (the layout-shift journey measured 0.125 at 1280 px without it).
    <Button variant={pressed ? 'primary' : 'secondary'} aria-pressed={pressed} onClick={onClick} style={canCheck ? { minWidth: COUNTED_WIDTH } : undefined}>
      {PRESCRIPTIONS_TO_CHECK}
      {data ? ` (${data.total})` : ''}
    </Button>
  );
}
