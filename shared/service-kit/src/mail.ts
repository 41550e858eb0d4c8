import nodemailer from 'nodemailer';
import type { Collection, Doc } from '@pharmacy/db';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly kind: 'outbox' | 'smtp';
}

interface Log {
  info(obj: object, msg?: string): void;
}

export type OutboxDoc = Doc & Mail & { createdAt: Date };

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
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  const outbox = opts.outbox;
  if (!outbox) throw new Error('createMailer needs an outbox collection when SMTP_URL is not set.');
  return {
    kind: 'outbox',
    async send(mail) {
      const _id = crypto.randomUUID();
      await outbox.insertOne({ _id, ...mail, createdAt: new Date() });
      if (opts.mailboxUrl) {
        const link = `${opts.mailboxUrl}/${_id}`;
        opts.log.info({ to: mail.to, subject: mail.subject, mailbox: link }, `mail kept in the outbox (no SMTP_URL set): read it at ${link}`);
      } else {
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail queued in outbox (no SMTP_URL set)');
      }
    },
  };
}
