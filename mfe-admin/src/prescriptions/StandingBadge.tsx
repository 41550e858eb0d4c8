import { PRESCRIPTION_STANDING_LABELS, type PrescriptionStanding, type PrescriptionStatus } from '@pharmacy/contracts';
import { Badge, type BadgeVariant } from '@pharmacy/ui';

/** The three stored statuses in staff's words: the status filter of "Prescriptions to check". */
export const STATUS_WORDS: Record<PrescriptionStatus, string> = { awaiting_check: 'Awaiting check', verified: 'Verified', rejected: 'Rejected' };

const TONES: Record<PrescriptionStanding, BadgeVariant> = { awaiting_check: 'warning', verified: 'success', rejected: 'danger', expired: 'neutral', used_up: 'neutral' };

/** Where a prescription stands now: a verified one past its date reads "Expired", one with nothing left "Used up". */
export function StandingBadge({ standing }: { standing: PrescriptionStanding }) {
  return <Badge variant={TONES[standing]}>{standing === 'awaiting_check' ? STATUS_WORDS.awaiting_check : PRESCRIPTION_STANDING_LABELS[standing]}</Badge>;
}
