import styled from 'styled-components';
import { PRESCRIPTION_STANDING_LABELS, type PrescriptionItem, type StaffPrescription } from '@pharmacy/contracts';
import { th } from '@pharmacy/ui';
import { roleLabel } from '../dashboard/audit/summary';
import { DataTable, type Column } from '../DataTable';
import { calendarDateOrDash, dateTimeOrDash } from '../format';
import { Fact, Facts, H3, Section } from '../orders/parts';

const Bullets = styled.ul`
  margin: 0;
  padding-left: ${th((t) => t.space(5))};
`;

const ITEM_COLUMNS: Column<PrescriptionItem>[] = [
  { header: 'Medicine', card: 'title', cell: (i) => i.title },
  { header: 'Quantity', numeric: true, width: '5.5rem', cell: (i) => i.quantity },
  { header: 'Left', numeric: true, width: '4.5rem', cell: (i) => i.quantityLeft },
  { header: 'Directions', cell: (i) => i.directions },
  { header: 'Repeats used', numeric: true, width: '7rem', cell: (i) => `${i.repeatsUsed} of ${i.repeatsAllowed}` },
];

/** A decided prescription: who decided and when (by name), under which responsible pharmacist, why, and what it allows. */
export function DecisionRecord({ prescription: p }: { prescription: StaffPrescription }) {
  const { decision } = p;
  const verified = p.status === 'verified';
  return (
    <Section $wide aria-labelledby="rx-decision-heading">
      <H3 id="rx-decision-heading" tabIndex={-1}>
        {verified ? 'Verified' : 'Rejected'}
      </H3>
      <Facts>
        {decision && <Fact label="Decided" value={`${dateTimeOrDash(decision.at)} by ${decision.by.name} (${roleLabel(decision.by.role)})`} />}
        {decision && <Fact label="Responsible pharmacist" value={`${decision.responsiblePharmacist.name}, GPhC ${decision.responsiblePharmacist.registrationNumber}`} />}
        {p.pharmacistNote && <Fact label={verified ? 'Note' : 'Reason'} value={p.pharmacistNote} />}
        {p.prescriber && <Fact label="Prescriber" value={p.prescriber.registration ? `${p.prescriber.name} (${p.prescriber.registration})` : p.prescriber.name} />}
        {p.writtenOn && <Fact label="Written on" value={calendarDateOrDash(p.writtenOn)} />}
        {p.expiresOn && <Fact label="Expires on" value={`${calendarDateOrDash(p.expiresOn)}${p.standing === 'expired' ? ' (expired)' : ''}`} />}
        {verified && <Fact label="Standing" value={PRESCRIPTION_STANDING_LABELS[p.standing]} />}
      </Facts>
      {decision && decision.acknowledgedWarnings.length > 0 && (
        <>
          <p>Safety warnings acknowledged:</p>
          <Bullets>
            {decision.acknowledgedWarnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </Bullets>
        </>
      )}
      {verified && (
        <DataTable label="Items on the prescription" rows={p.items} columns={ITEM_COLUMNS} rowKey={(i) => i.id} empty={<p>No items were recorded.</p>} />
      )}
    </Section>
  );
}
