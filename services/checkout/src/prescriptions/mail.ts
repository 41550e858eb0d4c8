import { formatDate, type NotifyUserBody } from '@pharmacy/contracts';
import { HttpError } from '@pharmacy/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountClient } from '../clients/account';
import { renderMail, type MailPart } from '../orders/mail/template';
import type { PrescriptionDoc, PrescriptionStore } from './store';

const paragraph = (text: string): MailPart => ({ kind: 'paragraph', text });

/** The shopper's mail about the pharmacist's decision (docs/domain.md#prescriptions): sent once per prescription. */
export function decisionMail(p: PrescriptionDoc, publicOrigin: string): NotifyUserBody {
  const link: MailPart = { kind: 'link', label: 'See it in My prescriptions', url: `${publicOrigin.replace(/\/$/, '')}/prescriptions` };
  const added = formatDate(p.createdAt, { utc: true });
  if (p.status === 'verified') {
    return renderMail(
      {
        subject: 'Your prescription was checked and approved by our pharmacist',
        heading: 'Your prescription is ready to order against',
        parts: [
          paragraph(`Our pharmacist has checked the prescription you added on ${added} and approved it. You can now order these medicines online:`),
          { kind: 'facts', title: 'On your prescription', rows: p.items.map((i) => [`${i.quantity} × ${i.title}`, i.repeatsAllowed > 0 ? `${i.directions} (repeats: ${i.repeatsAllowed})` : i.directions]) },
          { kind: 'facts', rows: [['Can be used until', formatDate(`${p.expiresOn}T00:00:00Z`, { utc: true })], ...(p.pharmacistNote ? [['Pharmacist’s note', p.pharmacistNote] as [string, string]] : [])] },
          link,
        ],
      },
      `prescription-verified:${p._id}`,
    );
  }
  return renderMail(
    {
      subject: 'Your prescription could not be accepted by our pharmacist',
      heading: 'Our pharmacist could not accept your prescription',
      parts: [
        paragraph(`Our pharmacist checked the prescription you added on ${added} and could not accept it. The pharmacist's reason:`),
        paragraph(p.pharmacistNote ?? ''),
        paragraph('You can add a clearer photo or the right prescription from My prescriptions, ask your prescriber for a new one, or ask a pharmacist in the pharmacy.'),
        link,
      ],
    },
    `prescription-rejected:${p._id}`,
  );
}

/**
 * Sends a decision's mail through the account service and crosses it off. The decision's write already marked it
 * owed, so a failure loses nothing: the sweep sends it later, and the account service sends one mail per key.
 */
export function createPrescriptionMail(deps: { prescriptions: PrescriptionStore; account: Pick<AccountClient, 'notify'>; publicOrigin: string; log: FastifyBaseLogger }) {
  async function send(p: PrescriptionDoc): Promise<void> {
    try {
      await deps.account.notify(p.userId, decisionMail(p, deps.publicOrigin));
    } catch (err) {
      // A deleted account has nobody to write to.
      if (!(err instanceof HttpError && err.statusCode === 404)) {
        deps.log.warn({ err, prescriptionId: p._id }, 'could not mail the shopper about their prescription; the sweeper will retry');
        return;
      }
    }
    await deps.prescriptions.mailSent(p._id);
  }
  return {
    send,
    async retry(): Promise<void> {
      for (const p of await deps.prescriptions.mailsOwed()) await send(p);
    },
  };
}
export type PrescriptionMail = ReturnType<typeof createPrescriptionMail>;
