import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { STOCK_ADJUSTMENT_REASONS, STOCK_MAX, STOCK_NOTE_MAX, stockLineBy, type ProductStock, type StockAdjustmentReason } from '@pharmacy/contracts';
import { Button, Field, Input, Select, Spinner, breakpoints, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../DataTable';
import { BatchesTable, ReceiveBatchForm, batchLabel } from './Batches';
import { dateTimeOrDash, textOrDash } from '../format';
import { useAdminSelector } from '../state/module';
import { selectProducts } from '../state/selectors';
import { Center } from '../styles';
import { productsActions } from './slice';

const Section = styled.section`
  margin-top: ${th((t) => t.space(6))};
  padding-top: ${th((t) => t.space(4))};
  border-top: 1px solid ${th((t) => t.colors.border)};
`;

const Heading = styled.h3`
  margin: 0 0 ${th((t) => t.space(3))};
  font-size: ${th((t) => t.fontSizes.lg)};
`;

// A group around the list carries its name: a <dl> has no role to hold one.
const Figures = styled.div`
  margin: 0 0 ${th((t) => t.space(4))};
  dl {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: ${th((t) => t.space(3))};
    margin: 0;
  }
  div {
    padding: ${th((t) => t.space(3))};
    border-radius: ${th((t) => t.radii.md)};
    background: ${th((t) => t.colors.surfaceMuted)};
  }
  dt {
    color: ${th((t) => t.colors.textMuted)};
    font-size: ${th((t) => t.fontSizes.sm)};
  }
  dd {
    margin: 0;
    font-size: ${th((t) => t.fontSizes.xl)};
    font-weight: ${th((t) => t.fontWeights.semibold)};
  }
`;

const AdjustGrid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  column-gap: ${th((t) => t.space(3))};
  @media (min-width: ${breakpoints.sm}px) {
    grid-template-columns: minmax(0, 1.4fr) 7rem 10rem minmax(0, 1fr) auto;
    align-items: start;
  }
  button {
    margin-top: 1.9rem;
  }
`;

const SubHeading = styled.h4`
  margin: ${th((t) => t.space(5))} 0 ${th((t) => t.space(2))};
  font-size: ${th((t) => t.fontSizes.md)};
`;

const Problem = styled.p`
  margin: 0 0 ${th((t) => t.space(3))};
  color: ${th((t) => t.colors.dangerStrong)};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

const WHOLE = /^[+-]?\d+$/;

/** "+12" / "-3" / "12" -> a whole number, or the reason it is not one (`available`: on the shelf in the chosen batch). */
function deltaProblem(raw: string, available: number | null): string | null {
  const v = raw.trim();
  if (!v) return 'Enter how many units to add (+12) or remove (-3).';
  if (!WHOLE.test(v)) return 'Enter a whole number such as +12 or -3.';
  const n = Number(v);
  if (n === 0) return 'The change must add or remove at least 1 unit.';
  if (Math.abs(n) > STOCK_MAX) return `The change must be at most ${STOCK_MAX} units.`;
  if (available !== null && n < 0 && -n > available) return `Only ${available} on the shelf in this batch: you can remove at most ${available}.`;
  return null;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const HISTORY_COLUMNS: Column<ProductStock['history'][number]>[] = [
  { header: 'When', nowrap: true, width: '10.5rem', card: 'title', cell: (line) => dateTimeOrDash(line.at) },
  { header: 'Change', numeric: true, cell: (line) => signed(line.delta) },
  { header: 'Reason', cell: (line) => line.reason },
  { header: 'Batch', cell: (line) => textOrDash(line.lot) },
  { header: 'Note', cell: (line) => textOrDash(line.note) },
  { header: 'Available after', numeric: true, cell: (line) => line.availableAfter },
  { header: 'By', cell: (line) => stockLineBy(line) },
];

/** New stock is received as a batch (its own form), so an adjustment offers the other reasons. */
const ADJUST_REASONS = STOCK_ADJUSTMENT_REASONS.filter((r) => r !== 'received');

/**
 * Stock of the product open in the edit form: available, reserved (unpaid orders) and sold, its batches, a form to
 * receive a batch and one to adjust a batch with a reason, and the history of changes. Every count comes from the
 * catalog, never the form (docs/domain.md#batches).
 */
export function StockPanel({ productId }: { productId: string }) {
  const dispatch = useDispatch();
  const { stock } = useAdminSelector(selectProducts);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState<StockAdjustmentReason | ''>('');
  const [batchId, setBatchId] = useState('');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    dispatch(productsActions.fetchStock(productId));
  }, [dispatch, productId]);

  const data = stock.productId === productId ? stock.data : null;
  // One batch needs no choosing; with several, staff name the one the units are counted in.
  const batches = data?.batches ?? [];
  const chosen = batches.length === 1 ? batches[0] : batches.find((b) => b.id === batchId);
  const problems = {
    batch: chosen ? null : batches.length === 0 ? 'Receive a batch first: there is no stock to adjust.' : 'Choose the batch the change is for.',
    delta: deltaProblem(delta, chosen?.remaining ?? null),
    reason: reason ? null : 'Choose why the stock changes.',
    note: note.trim().length > STOCK_NOTE_MAX ? `The note must be at most ${STOCK_NOTE_MAX} characters.` : null,
  };

  // A finished adjustment clears the form; a refused one keeps what was typed, with the server's reason.
  useEffect(() => {
    if (sent && !stock.adjusting) {
      setSent(false);
      if (!stock.error) {
        setDelta('');
        setReason('');
        setBatchId('');
        setNote('');
        setSubmitted(false);
      }
    }
  }, [sent, stock.adjusting, stock.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.batch || problems.delta || problems.reason || problems.note || !reason || !chosen) return;
    const trimmed = note.trim();
    setSent(true);
    dispatch(
      productsActions.adjustStock({ productId, input: { delta: Number(delta.trim()), reason, batchId: chosen.id, ...(trimmed ? { note: trimmed } : {}) } }),
    );
  };

  return (
    <Section aria-labelledby={`stock-${productId}`}>
      <Heading id={`stock-${productId}`}>Stock</Heading>
      {!data ? (
        stock.loading ? (
          <Center>
            <Spinner size={32} label="Loading stock" />
          </Center>
        ) : (
          <Problem role="alert">{stock.error ?? 'Stock could not be loaded.'}</Problem>
        )
      ) : (
        <>
          <Figures role="group" aria-label="Stock figures">
            <dl>
              <div>
                <dt>Available</dt>
                <dd>{data.available}</dd>
              </div>
              <div>
                <dt>Reserved</dt>
                <dd>{data.reserved}</dd>
              </div>
              <div>
                <dt>Sold</dt>
                <dd>{data.sold}</dd>
              </div>
            </dl>
          </Figures>

          <BatchesTable batches={batches} />

          <SubHeading>Receive a batch</SubHeading>
          <ReceiveBatchForm productId={productId} />

          <SubHeading>Adjust a batch</SubHeading>
          <form onSubmit={submit} noValidate aria-label="Adjust stock">
            {stock.error && <Problem role="alert">{stock.error}</Problem>}
            <AdjustGrid>
              <Field label="Batch" required error={submitted ? problems.batch : undefined}>
                <Select name="batch" value={chosen?.id ?? batchId} onChange={(e) => setBatchId(e.target.value)} disabled={batches.length < 2}>
                  {batches.length !== 1 && <option value="">Choose a batch</option>}
                  {batches.map((b) => (
                    <option key={b.id} value={b.id}>
                      {batchLabel(b)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Change" required error={submitted ? problems.delta : undefined} hint="+12 or -3">
                <Input name="delta" value={delta} onChange={(e) => setDelta(e.target.value)} inputMode="numeric" autoComplete="off" />
              </Field>
              <Field label="Reason" required error={submitted ? problems.reason : undefined}>
                <Select name="reason" value={reason} onChange={(e) => setReason(e.target.value as StockAdjustmentReason | '')}>
                  <option value="">Choose a reason</option>
                  {ADJUST_REASONS.map((r) => (
                    <option key={r} value={r}>
                      {r[0].toUpperCase() + r.slice(1)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Note" error={submitted ? problems.note : undefined} hint="Optional, e.g. a delivery number">
                <Input name="note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={STOCK_NOTE_MAX + 10} />
              </Field>
              <Button type="submit" variant="secondary" loading={stock.adjusting} loadingLabel="Applying">
                Apply
              </Button>
            </AdjustGrid>
          </form>

          <DataTable
            label="Stock history"
            caption="Most recent first"
            rows={data.history}
            columns={HISTORY_COLUMNS}
            rowKey={(line) => line._id}
            empty={<p>No stock changes recorded yet.</p>}
          />
        </>
      )}
    </Section>
  );
}
