import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { STOCK_ADJUSTMENT_REASONS, STOCK_MAX, STOCK_NOTE_MAX, stockLineBy, type ProductStock, type StockAdjustmentReason } from '@pharmacy/contracts';
import { Button, Field, Input, Select, Spinner, breakpoints, th } from '@pharmacy/ui';
import { DataTable, type Column } from '../DataTable';
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
    grid-template-columns: 8rem 12rem 1fr auto;
    align-items: start;
  }
  button {
    margin-top: 1.9rem;
  }
`;

const Problem = styled.p`
  margin: 0 0 ${th((t) => t.space(3))};
  color: ${th((t) => t.colors.dangerStrong)};
  font-weight: ${th((t) => t.fontWeights.medium)};
`;

const WHOLE = /^[+-]?\d+$/;

/** "+12" / "-3" / "12" -> a whole number, or the reason it is not one. */
function deltaProblem(raw: string, available: number | null): string | null {
  const v = raw.trim();
  if (!v) return 'Enter how many units to add (+12) or remove (-3).';
  if (!WHOLE.test(v)) return 'Enter a whole number such as +12 or -3.';
  const n = Number(v);
  if (n === 0) return 'The change must add or remove at least 1 unit.';
  if (Math.abs(n) > STOCK_MAX) return `The change must be at most ${STOCK_MAX} units.`;
  if (available !== null && n < 0 && -n > available) return `Only ${available} available: you can remove at most ${available}.`;
  return null;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

const HISTORY_COLUMNS: Column<ProductStock['history'][number]>[] = [
  { header: 'When', nowrap: true, width: '10.5rem', card: 'title', cell: (line) => dateTimeOrDash(line.at) },
  { header: 'Change', numeric: true, cell: (line) => signed(line.delta) },
  { header: 'Reason', cell: (line) => line.reason },
  { header: 'Note', cell: (line) => textOrDash(line.note) },
  { header: 'Available after', numeric: true, cell: (line) => line.availableAfter },
  { header: 'By', cell: (line) => stockLineBy(line) },
];

/**
 * Stock of the product open in the edit form: available, reserved (unpaid orders) and sold, a small form to
 * adjust it with a reason, and the history of changes. Every count comes from the catalog, never the form.
 */
export function StockPanel({ productId }: { productId: string }) {
  const dispatch = useDispatch();
  const { stock } = useAdminSelector(selectProducts);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState<StockAdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    dispatch(productsActions.fetchStock(productId));
  }, [dispatch, productId]);

  const data = stock.productId === productId ? stock.data : null;
  const available = data?.available ?? null;
  const problems = {
    delta: deltaProblem(delta, available),
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
        setNote('');
        setSubmitted(false);
      }
    }
  }, [sent, stock.adjusting, stock.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problems.delta || problems.reason || problems.note || !reason) return;
    const trimmed = note.trim();
    setSent(true);
    dispatch(productsActions.adjustStock({ productId, input: { delta: Number(delta.trim()), reason, ...(trimmed ? { note: trimmed } : {}) } }));
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

          <form onSubmit={submit} noValidate aria-label="Adjust stock">
            {stock.error && <Problem role="alert">{stock.error}</Problem>}
            <AdjustGrid>
              <Field label="Change" required error={submitted ? problems.delta : undefined} hint="+12 or -3">
                <Input name="delta" value={delta} onChange={(e) => setDelta(e.target.value)} inputMode="numeric" autoComplete="off" />
              </Field>
              <Field label="Reason" required error={submitted ? problems.reason : undefined}>
                <Select name="reason" value={reason} onChange={(e) => setReason(e.target.value as StockAdjustmentReason | '')}>
                  <option value="">Choose a reason</option>
                  {STOCK_ADJUSTMENT_REASONS.map((r) => (
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
