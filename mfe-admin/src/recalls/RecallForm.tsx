import { useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { BATCH_LOT_MAX, EXPIRY_UNKNOWN, RECALL_CLASSES, RECALL_TEXT_MAX, type LotBatch, type RecallClass, type RecallCreateBody } from '@pharmacy/contracts';
import { Badge, Button, ChoiceGroup, Field, Input, MutedText, Select, Textarea, th } from '@pharmacy/ui';
import { calendarDateOrDash } from '../format';
import { BATCH_STATE } from '../products/Batches';
import { recallQueries } from './queries';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space(3))};
`;

const LotsRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${th((t) => t.space(2))};
  > :first-child { flex: 1 1 16rem; margin-bottom: 0; }
`;

const Missing = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.dangerStrong)};
`;

/** What each class means to the pharmacist choosing it (and when its shoppers are mailed). */
export const RECALL_CLASS_WORDS: Record<RecallClass, string> = {
  1: 'Class 1: risk to life, act at once (shoppers mailed at once)',
  2: 'Class 2: act within 48 hours (shoppers mailed at once)',
  3: 'Class 3: act within 5 days (shoppers mailed at the next daily pass)',
  4: 'Class 4: caution in use (shoppers mailed at the next daily pass)',
};

const RECALL_BATCHES_MAX = 50;

/** The lot numbers typed in the field: separated by commas, spaces or new lines, each once (case ignored, as the catalogue does). */
export const lotNumbersOf = (text: string): string[] => {
  const seen = new Set<string>();
  return text.split(/[\s,]+/).filter((lot) => lot && !seen.has(lot.toLowerCase()) && seen.add(lot.toLowerCase()));
};

function lotProblem(lots: string[]): string | null {
  const long = lots.find((lot) => lot.length > BATCH_LOT_MAX);
  if (lots.length === 0) return 'Enter the lot number of at least one batch (it is on the alert and on the pack).';
  if (long) return `"${long}" is not a lot number: ${BATCH_LOT_MAX} characters at most.`;
  return lots.length > RECALL_BATCHES_MAX ? `At most ${RECALL_BATCHES_MAX} lots in one recall.` : null;
}

function textProblems(values: { reason: string; action: string }) {
  return {
    reason: values.reason.trim().length < 3 ? 'Say why the batch is recalled (at least 3 characters).' : null,
    action: values.action.trim().length < 3 ? 'Say what shoppers must do (at least 3 characters).' : null,
  };
}

const sameLots = (a: readonly string[], b: readonly string[] | undefined) => !!b && a.length === b.length && a.every((lot, i) => lot === b[i]);

/** "Chlorphenamine 4mg Allergy Tablets, lot CHL-24-117, expires 30 Jun 2027, 40 left": one batch in the checklist. */
const batchWords = (b: LotBatch) => `${b.productTitle}, lot ${b.lot}, ${b.expiresOn === EXPIRY_UNKNOWN ? 'expiry not recorded' : `expires ${calendarDateOrDash(b.expiresOn)}`}, ${b.remaining} left`;

export interface RecallFormProps {
  saving: boolean;
  error: string | null;
  onSubmit: (body: RecallCreateBody) => void;
  onCancel: () => void;
}

/**
 * Record a recall: the pharmacist types the lot numbers of the regulator's alert, ticks the batches the catalogue
 * finds for them (all ticked at first), then the class, the reason and what shoppers must do. Nothing typed is lost
 * on an error (docs/domain.md#recalls).
 */
export function RecallForm({ saving, error, onSubmit, onCancel }: RecallFormProps) {
  const [values, setValues] = useState({ lots: '', recallClass: '2', reason: '', action: '' });
  const [checked, setChecked] = useState({ lots: false, text: false });
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [findLots, lookup] = recallQueries.useLazyLotsQuery();
  const lots = lotNumbersOf(values.lots);
  const lotsWrong = checked.lots ? lotProblem(lots) : null;
  const found = textProblems(values);
  const shown = checked.text ? found : { reason: null, action: null };
  // The checklist stands for the lots it was found for: a lot typed since must be looked up before anything is sent.
  const current = lookup.data && !lookup.isFetching && sameLots(lots, lookup.originalArgs) ? lookup.data : null;
  const batches = [...new Map((current ?? []).flatMap((m) => m.batches).map((b) => [b.batchId, b])).values()];
  // a batch recalled already cannot be recalled again: shown, greyed and never sent
  const recallable = (b: { state: string }) => b.state !== 'recalled';
  const ticked = batches.filter((b) => recallable(b) && !unticked.has(b.batchId)).map((b) => b.batchId);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const find = () => {
    setChecked((c) => ({ ...c, lots: true }));
    if (lotProblem(lots) || lookup.isFetching) return;
    setUnticked(new Set());
    void findLots(lots);
  };
  const findOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    find();
  };
  const toggle = (batchId: string) =>
    setUnticked((before) => {
      const next = new Set(before);
      if (!next.delete(batchId)) next.add(batchId);
      return next;
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked((c) => ({ ...c, text: true }));
    const first = (['reason', 'action'] as const).find((f) => found[f]);
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (saving || ticked.length === 0 || ticked.length > RECALL_BATCHES_MAX) return;
    onSubmit({ batchIds: ticked, recallClass: Number(values.recallClass) as RecallClass, reason: values.reason.trim(), action: values.action.trim() });
  };

  const lookupError = lookup.isError && !lookup.isFetching ? ((lookup.error as { message?: string } | undefined)?.message ?? 'try again.') : null;
  const waiting =
    ticked.length > RECALL_BATCHES_MAX
      ? `At most ${RECALL_BATCHES_MAX} batches in one recall: untick some.`
      : ticked.length > 0
        ? null
        : lookup.data && !current && !lookup.isFetching
          ? 'The lots changed: find their batches again.'
          : batches.length > 0
            ? 'Tick at least one batch to recall.'
            : 'Find the batches of the lots, then tick those to recall.';

  return (
    <Form onSubmit={submit} noValidate aria-label="Record a recall">
      <LotsRow>
        <Field label="Lot numbers" required error={lotsWrong} hint="As on the alert and the pack; one or more, separated by commas or spaces.">
          <Input name="lots" value={values.lots} onChange={set('lots')} onKeyDown={findOnEnter} autoComplete="off" spellCheck={false} disabled={saving} />
        </Field>
        <Button type="button" variant="secondary" onClick={find} loading={lookup.isFetching} loadingLabel="Finding batches" disabled={saving}>
          Find batches
        </Button>
      </LotsRow>
      {lookupError && <p role="alert">The batches could not be looked up: {lookupError}</p>}
      {current && (
        <div aria-live="polite">
          {current
            .filter((m) => m.batches.length === 0)
            .map((m) => (
              <Missing key={m.lot}>No batch with lot {m.lot}.</Missing>
            ))}
          {batches.length > 0 && (
            <ChoiceGroup>
              <legend>Batches to recall (they leave sale at once)</legend>
              {batches.map((b) => (
                <label key={b.batchId}>
                  <input type="checkbox" checked={recallable(b) && !unticked.has(b.batchId)} onChange={() => toggle(b.batchId)} disabled={saving || !recallable(b)} />
                  <span>
                    {batchWords(b)} <Badge variant={BATCH_STATE[b.state][1]}>{BATCH_STATE[b.state][0]}</Badge>
                  </span>
                </label>
              ))}
            </ChoiceGroup>
          )}
        </div>
      )}
      <Field label="Class" required>
        <Select name="recallClass" value={values.recallClass} onChange={set('recallClass')} disabled={saving}>
          {RECALL_CLASSES.map((c) => (
            <option key={c} value={String(c)}>
              {RECALL_CLASS_WORDS[c]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Reason" required error={shown.reason} hint="Shoppers read it in their notice.">
        <Textarea name="reason" value={values.reason} maxLength={RECALL_TEXT_MAX} onChange={set('reason')} disabled={saving} />
      </Field>
      <Field label="What shoppers must do" required error={shown.action} hint="For example: stop taking it and bring it back to the pharmacy for a refund.">
        <Textarea name="action" value={values.action} maxLength={RECALL_TEXT_MAX} onChange={set('action')} disabled={saving} />
      </Field>
      {error && <p role="alert">{error}</p>}
      <div>
        <Button type="submit" variant="danger" loading={saving} loadingLabel="Recording" disabled={waiting !== null} aria-describedby={waiting ? 'recall-waiting' : undefined}>
          Record recall
        </Button>{' '}
        <Button type="button" variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        {waiting && <MutedText id="recall-waiting">{waiting}</MutedText>}
      </div>
    </Form>
  );
}
