import { createHash, randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { isDuplicateKeyError, type Collection, type Doc } from '@pharmacy/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Sends a mail. With a `key` (a caller's event, e.g. an order's step), the outbox keeps the mail under that key
   * in its one write, so a second send with it adds nothing (`keepsKeys`); SMTP keeps nothing, so its caller records
   * the key (services/account internal routes).
   */
  send(mail: Mail, options?: { key?: string }): Promise<void>;
  /** A mail sent with `key` is in the outbox (always false for SMTP, which keeps no mail). */
  hasSent(key: string): Promise<boolean>;
  /** The mail itself records its key (the outbox): its caller need not write a record of its own. */
  readonly keepsKeys: boolean;
  readonly kind: 'outbox' | 'smtp';
}

interface Log {
  info(obj: object, msg?: string): void;
}

export type OutboxDoc = Doc & Mail & { createdAt: Date; key?: string };

/** The outbox id of the mail sent with `key`: one per key, in the characters a mailbox link's id allows. */
export const keptMailId = (key: string): string => `k${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

/**
 * The Mailer port. Without SMTP_URL, mail goes to an outbox collection and a log line; with SMTP_URL it is sent
 * through nodemailer. `mailboxUrl` (where the outbox can be read, outside production only) puts each mail's own
 * link in its log line, so a developer can open a reset link straight from the console.
 */
export function createMailer(opts: { smtpUrl?: string; from?: string; outbox?: Collection<OutboxDoc>; mailboxUrl?: string; log: Log }): Mailer {
  const from = opts.from ?? 'Pharmacy & Care <no-reply@pharmacy.local>';
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      keepsKeys: false,
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      hasSent: async () => false,
    };
  }
  const outbox = opts.outbox;
  if (!outbox) throw new Error('createMailer needs an outbox collection when SMTP_URL is not set.');
  return {
    kind: 'outbox',
    keepsKeys: true,
    async send(mail, options = {}) {
      const { key } = options;
      const _id = key === undefined ? randomUUID() : keptMailId(key);
      try {
        await outbox.insertOne({ _id, ...mail, createdAt: new Date(), ...(key === undefined ? {} : { key }) });
      } catch (err) {
        // Two sends with one key at once: the first one's mail is the one kept.
        if (key === undefined || !isDuplicateKeyError(err)) throw err;
        return;
      }
      if (opts.mailboxUrl) {
        const link = `${opts.mailboxUrl}/${_id}`;
        opts.log.info({ to: mail.to, subject: mail.subject, mailbox: link }, `mail kept in the outbox (no SMTP_URL set): read it at ${link}`);
      } else {
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail queued in outbox (no SMTP_URL set)');
      }
    },
    hasSent: async (key) => (await outbox.findOne({ _id: keptMailId(key) }, { projection: { _id: 1 } })) !== null,
  };
}
