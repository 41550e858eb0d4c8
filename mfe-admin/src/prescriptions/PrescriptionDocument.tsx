import styled from 'styled-components';
import type { StaffPrescription } from '@pharmacy/contracts';
import { Button, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../DataTable';
import { calendarDateOrDash } from '../format';
import { Fact, Facts, H3, Section, Warn } from '../orders/parts';
import { prescriptionFileHref } from './queries';

/** The paper prescription at a readable size: it scrolls inside its box rather than stretching the dialog. */
const Frame = styled.div`
  max-height: 32rem;
  overflow: auto;
  border: 1px solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.background)};
  img { display: block; max-width: 100%; height: auto; }
  object { display: block; width: 100%; height: 32rem; border: 0; }
`;

const Links = styled.p`
  margin: ${th((t) => t.space(2))} 0 0;
`;

type EItem = NonNullable<StaffPrescription['eprescription']>['items'][number];

const E_ITEM_COLUMNS: Column<EItem>[] = [
  { header: 'Medicine', card: 'title', cell: (i) => i.title },
  { header: 'Quantity', numeric: true, width: '5.5rem', cell: (i) => i.quantity },
  { header: 'Directions', cell: (i) => i.directions },
  { header: 'Repeats', numeric: true, width: '5rem', cell: (i) => i.repeatsAllowed },
];

function PaperFile({ prescription }: { prescription: StaffPrescription }) {
  const href = prescriptionFileHref(prescription._id);
  const name = `${prescription.shopper.name}'s prescription`;
  if (prescription.fileType?.startsWith('image/'))
    return (
      <>
        <Frame>
          <img src={href} alt={`Photo of ${name}, as uploaded`} />
        </Frame>
        <Links>
          <a href={href} target="_blank" rel="noreferrer">
            Open the photo full size
          </a>
        </Links>
      </>
    );
  // A PDF in the browser's own viewer, with a link where it has none. A file whose type the service did not say goes
  // the same way: an <object> shows an image too, and a second read (each one audited) to find out is not worth it.
  const pdf = prescription.fileType === 'application/pdf';
  return (
    <>
      <Frame>
        <object data={href} type={prescription.fileType} aria-label={pdf ? `${name} (PDF)` : name}>
          <p>
            This browser cannot show the file here. <a href={href}>Open {name}</a>.
          </p>
        </object>
      </Frame>
      <Links>
        <a href={href} target="_blank" rel="noreferrer">
          {pdf ? 'Open the PDF in a new tab' : 'Open the file in a new tab'}
        </a>
      </Links>
    </>
  );
}

export interface PrescriptionDocumentProps {
  prescription: StaffPrescription;
  /** Copies an electronic prescription's items into the form; absent once it is decided. */
  onCopyItems?: () => void;
}

/** What the prescriber wrote: the paper prescription's file, or the electronic prescription's content as a table. */
export function PrescriptionDocument({ prescription, onCopyItems }: PrescriptionDocumentProps) {
  const e = prescription.eprescription;
  const dob = prescription.health.DOB?.slice(0, 10) ?? null;
  return (
    <Section aria-labelledby="rx-document-heading">
      <H3 id="rx-document-heading">{e ? 'Electronic prescription' : 'Prescription'}</H3>
      {prescription.hasFile && <PaperFile prescription={prescription} />}
      {e && (
        <>
          <Facts>
            <Fact label="Token" value={e.token} />
            <Fact label="Prescriber" value={e.prescriber.registration ? `${e.prescriber.name} (${e.prescriber.registration})` : e.prescriber.name} />
            <Fact label="Written on" value={calendarDateOrDash(e.writtenOn)} />
            <Fact label="Patient" value={e.patient.dateOfBirth ? `${e.patient.name}, born ${calendarDateOrDash(e.patient.dateOfBirth)}` : e.patient.name} />
          </Facts>
          {e.patient.dateOfBirth && dob && e.patient.dateOfBirth !== dob && (
            <Warn role="note">The patient's date of birth does not match the shopper's profile ({calendarDateOrDash(dob)}). Check who it is for.</Warn>
          )}
          <DataTable
            label="Items the prescriber wrote"
            rows={e.items}
            columns={E_ITEM_COLUMNS}
            rowKey={(i) => `${i.productId}-${i.directions}`}
            empty={<p>The prescription lists no items.</p>}
          />
          {onCopyItems && e.items.length > 0 && (
            <Button variant="secondary" size="sm" onClick={onCopyItems}>
              Copy these items into the form
            </Button>
          )}
        </>
      )}
      {!prescription.hasFile && !e && (
        <p>{prescription.repeatOf ? 'A repeat request: nothing was uploaded. It repeats an earlier prescription, listed in the history.' : 'Nothing was uploaded with this prescription.'}</p>
      )}
    </Section>
  );
}
