import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import {
  CheckoutErrorCodes, CheckoutRoutes, Id, Ok, StrictObject, SupplyLimitsTable, SupplyOverride, SupplyOverrideBody, SupplyUsage,
  type MarketCode, type SupplyLimitRuleView,
} from '@pharmacy/contracts';
import { notFound, ok, requireStaffFor, responses, unprocessable, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { responsiblePharmacistFor } from '../admin/on-duty';
import type { AccountClient } from '../clients/account';
import type { SupplyLimits } from './service';
import type { OverrideDoc } from './store';
import { LIMITS_TABLE_VERSION, type LimitRule } from './table';

const DAY_MS = 86_400_000;

const ruleView = (r: LimitRule): SupplyLimitRuleView => ({
  id: r.id,
  kind: r.kind,
  source: r.source,
  scope: r.scope.kind === 'sale' ? { kind: 'sale' } : { kind: 'window', days: r.scope.days, per: r.scope.per },
  ...('max' in r.measure ? { max: r.measure.max } : {}),
  sentence: r.sentence,
});

const overrideView = ({ orderId, ...o }: OverrideDoc): SupplyOverride => ({ ...o, ...(orderId ? { orderId } : {}) });

/**
 * The pharmacist's supply limits (docs/api.md#supply-limits): the market's table, a shopper's window usage, and
 * "allow once" overrides of a policy rule for the shopper's next order that needs it. A law is never overridden (422
 * saying so). A grant is a clinical decision: it records the responsible pharmacist on duty and is refused with nobody on
 * duty (docs/domain.md#overrides). Grants and revocations are audited (docs/api.md#audited-staff-actions).
 */
export const supplyLimitRoutes: FastifyPluginAsyncTypebox<{
  limits: SupplyLimits;
  account: Pick<AccountClient, 'userName' | 'responsiblePharmacist'>;
  market: MarketCode;
  now: () => Date;
}> = async (app, { limits, account, market, now }) => {
  const tags = ['admin supply limits'];
  const routes = CheckoutRoutes.adminSupplyLimits;

  const shopperEntity = async (userId: string) => {
    const name = await account.userName(userId).then((u) => u.name, () => 'a shopper');
    return { type: 'user', id: userId, name };
  };

  app.get(routes.rules.path, { onRequest: requireStaffFor(routes.rules), schema: { tags, response: responses(Ok(SupplyLimitsTable)) } }, async () =>
    ok({ version: LIMITS_TABLE_VERSION, market, rules: limits.rules.map(ruleView) }),
  );

  app.get(
    routes.usage.path,
    { onRequest: requireStaffFor(routes.usage), schema: { tags, params: StrictObject({ userId: Id }), response: responses(Ok(SupplyUsage)) } },
    async (request) => {
      const { userId } = request.params;
      const history = await limits.ledger.history(userId, null);
      const at = now().getTime();
      const windows = limits.rules.flatMap((r) => {
        if (r.scope.kind !== 'window' || r.scope.per !== 'person' || !('max' in r.measure)) return [];
        const since = at - r.scope.days * DAY_MS;
        const count = history.person.filter((e) => e.at > since).reduce((n, e) => n + (e.counts[r.id] ?? 0), 0);
        return [{ ruleId: r.id, count, max: r.measure.max, days: r.scope.days }];
      });
      const overrides = await limits.overrides.find({ userId }, { sort: { grantedAt: -1 }, limit: 50 });
      return ok({ userId, windows, overrides: overrides.map(overrideView) });
    },
  );

  app.post(
    routes.grant.path,
    { onRequest: requireStaffFor(routes.grant), schema: { tags, body: SupplyOverrideBody, response: responses(Ok(SupplyOverride)) } },
    async (request) => {
      const { userId, ruleId, reason } = request.body;
      const rule = limits.rules.find((r) => r.id === ruleId);
      if (!rule) throw notFound(`There is no supply limit ${ruleId} in this shop's table.`);
      if (rule.kind === 'law') throw unprocessable(`${ruleId} is the law (${rule.source.title}): no one can override it.`, CheckoutErrorCodes.SUPPLY_LIMIT);
      const responsible = await responsiblePharmacistFor(request, account);
      const staff = request.staff!;
      const doc: OverrideDoc = {
        _id: randomUUID(), userId, ruleId, reason: reason.trim(),
        grantedBy: { id: staff.id, name: staff.name && staff.name !== staff.id ? staff.name : 'A pharmacist' },
        grantedAt: now().toISOString(), responsiblePharmacist: responsible, status: 'open',
      };
      await limits.overrides.insertOne(doc);
      await request.audit({
        action: 'supply-limit.override', entity: await shopperEntity(userId),
        after: { ruleId, reason: doc.reason, status: 'open', responsiblePharmacist: responsible.name },
      });
      return ok(overrideView(doc));
    },
  );

  app.delete(
    routes.revoke.path,
    { onRequest: requireStaffFor(routes.revoke), schema: { tags, params: StrictObject({ id: Type.String({ minLength: 1, maxLength: 64 }) }), response: responses(Ok(SupplyOverride)) } },
    async (request) => {
      const revoked = await limits.overrides.findOneAndUpdate({ _id: request.params.id, status: 'open' }, { $set: { status: 'revoked' } }, { returnDocument: 'after' });
      if (!revoked) {
        const found = await limits.overrides.findOne({ _id: request.params.id });
        if (!found) throw notFound('No such override.');
        throw unprocessable(found.status === 'used' ? 'This override was already used by an order.' : 'This override was already revoked.');
      }
      await request.audit({ action: 'supply-limit.revoke', entity: await shopperEntity(revoked.userId), before: { ruleId: revoked.ruleId, status: 'open' }, after: { ruleId: revoked.ruleId, status: 'revoked' } });
      return ok(overrideView(revoked));
    },
  );
};
