import { useCan } from '@pharmacy/session';
import { Button } from '@pharmacy/ui';
import { AWAITING_FIRST_PAGE, prescriptionQueries, usePrescriptionQueries } from './queries';

export const PRESCRIPTIONS_TO_CHECK = 'Prescriptions to check';

/** Orders' "Prescriptions to check (N)": the queue's size for staff who check them, the plain name for others. */
export function PrescriptionsButton({ pressed, onClick }: { pressed: boolean; onClick: () => void }) {
  usePrescriptionQueries();
  const canCheck = useCan('clinical.review');
  const { data } = prescriptionQueries.usePageQuery(AWAITING_FIRST_PAGE, { skip: !canCheck });
  return (
    <Button variant={pressed ? 'primary' : 'secondary'} aria-pressed={pressed} onClick={onClick}>
      {PRESCRIPTIONS_TO_CHECK}
      {data ? ` (${data.total})` : ''}
    </Button>
  );
}
