import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import type { SupplyLimitsTable, SupplyUsage } from '@pharmacy/contracts';
import { getErrorMessage, useCan } from '@pharmacy/session';
import { Button, Field, MutedText, Select, Textarea, th } from '@pharmacy/ui';
import { adminApi } from '../api';
import { notForYourRole } from '../ForRole';
import { dateTimeOrDash } from '../format';

const Section = styled.section`
  margin-top: ${th((t) => t.space(6))};
  padding-top: ${th((t) => t.space(4))};
  border-top: 1px solid ${th((t) => t.colors.border)};
  h3 { margin: 0 0 ${th((t) => t.space(3))}; font-size: ${th((t) => t.fontSizes.md)}; }
  ul { margin: 0 0 ${th((t) => t.space(3))}; padding-left: ${th((t) => t.space(5))}; }
  li { margin-bottom: ${th((t) => t.space(2))}; }
`;

const Refusal = styled.p`
  margin: 0;
  color: ${th((t) => t.colors.dangerStrong)};
`;

const REASON_MIN = 3;

/**
 * "Supply limits" in User Details (docs/domain.md#supply-limits): the shopper's use of each window now, and a
 * pharmacist's "allow once" of a policy rule for their next order that needs it, with a reason (audited). Laws are
 * not offered: the server refuses them too.
 */
export function SupplyOverrides({ userId }: { userId: string }) {
  const allowed = useCan('clinical.review');
  const [table, setTable] = useState<SupplyLimitsTable | null>(null);
  const [usage, setUsage] = useState<SupplyUsage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ruleId, setRuleId] = useState('');
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [rules, used] = await Promise.all([adminApi.supplyLimitRules(signal), adminApi.supplyUsage(userId, signal)]);
        setTable(rules);
        setUsage(used);
        setError(null);
      } catch (err) {
        if (!signal?.aborted) setError(getErrorMessage(err));
      }
    },
    [userId],
  );

  useEffect(() => {
    if (!allowed) return undefined;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [allowed, load]);

  if (!allowed) {
    return (
      <Section aria-labelledby="supply-limits-heading">
        <h3 id="supply-limits-heading">Supply limits</h3>
        <MutedText>{notForYourRole('clinical.review')}</MutedText>
      </Section>
    );
  }

  const policies = table?.rules.filter((r) => r.kind === 'policy') ?? [];
  const act = async (work: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await work();
      await load();
      setReason('');
    } catch (err) {
      setError(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section aria-labelledby="supply-limits-heading">
      <h3 id="supply-limits-heading">Supply limits</h3>
      {!table || !usage ? (
        error ? <Refusal role="alert">{error}</Refusal> : <MutedText>Loading supply limits…</MutedText>
      ) : (
        <>
          {usage.windows.some((w) => w.count > 0) ? (
            <ul aria-label="Use of the window limits">
              {usage.windows.filter((w) => w.count > 0).map((w) => (
                <li key={w.ruleId}>{`${w.ruleId}: ${w.count} of ${w.max} in ${w.days} days`}</li>
              ))}
            </ul>
          ) : (
            <p>Nothing counted against their window limits now.</p>
          )}
          {usage.overrides.length > 0 ? (
            <ul aria-label="Overrides">
              {usage.overrides.map((o) => (
                <li key={o._id}>
                  {`${o.ruleId} (${o.status}${o.orderId ? `, order ${o.orderId.slice(0, 8)}` : ''}): ${o.reason}. By ${o.grantedBy.name}${o.responsiblePharmacist ? ` (responsible pharmacist ${o.responsiblePharmacist.name})` : ''}, ${dateTimeOrDash(o.grantedAt)}.`}{' '}
                  {o.status === 'open' && (
                    <Button variant="secondary" size="sm" disabled={saving} onClick={() => void act(() => adminApi.revokeSupplyOverride(o._id))}>
                      Revoke
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p>No overrides granted.</p>
          )}
          {policies.length > 0 && (
            <>
              <Field label="Allow once (policy rules only; the law cannot be overridden)">
                <Select value={ruleId} disabled={saving} onChange={(event) => setRuleId(event.target.value)}>
                  <option value="">Choose a policy rule</option>
                  {policies.map((r) => (
                    <option key={r.id} value={r.id}>{`${r.id} (${r.source.title})`}</option>
                  ))}
                </Select>
              </Field>
              <Field label="Reason" hint="Kept with the override and in the audit trail.">
                <Textarea value={reason} maxLength={500} disabled={saving} onChange={(event) => setReason(event.target.value)} />
              </Field>
              <Button
                loading={saving}
                loadingLabel="Granting"
                disabled={!ruleId || reason.trim().length < REASON_MIN}
                onClick={() => void act(() => adminApi.grantSupplyOverride({ userId, ruleId, reason: reason.trim() }))}
              >
                Allow once
              </Button>
            </>
          )}
          {error && <Refusal role="alert">{error}</Refusal>}
        </>
      )}
    </Section>
  );
}
