import {
  NO_RESPONSIBLE_PHARMACIST, NO_RESPONSIBLE_PHARMACIST_CODE, RESPONSIBLE_PHARMACIST_ABSENT_CODE, responsiblePharmacistAbsent, type ResponsiblePharmacist,
} from '@pharmacy/contracts';
import { HttpError, unavailable } from '@pharmacy/service-kit';
import type { FastifyRequest } from 'fastify';
import type { AccountClient } from '../clients/account';

/**
 * The responsible pharmacist on duty, whom a clinical decision (an order's review, a prescription's check) records;
 * none on duty, or one away from the pharmacy, refuses the decision with 409 (docs/domain.md#responsible-pharmacist).
 */
export async function responsiblePharmacistFor(request: FastifyRequest, account: Pick<AccountClient, 'responsiblePharmacist'>): Promise<ResponsiblePharmacist> {
  let answer;
  try {
    answer = await account.responsiblePharmacist();
  } catch (err) {
    request.log.warn({ err }, 'could not ask the account service who the responsible pharmacist is');
    throw unavailable('We cannot confirm who the responsible pharmacist is right now, so the decision was not recorded. Please try again in a moment.');
  }
  const { onDuty, absent } = answer;
  if (!onDuty) throw new HttpError(409, NO_RESPONSIBLE_PHARMACIST_CODE, NO_RESPONSIBLE_PHARMACIST);
  if (absent) throw new HttpError(409, RESPONSIBLE_PHARMACIST_ABSENT_CODE, responsiblePharmacistAbsent(onDuty.name, absent.sinceTime));
  return onDuty;
}
