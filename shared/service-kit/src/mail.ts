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
 * The Mailer port. Without SMTP_URL, mail goes to an outbox collection and a log line (a developer can read
 * the reset link there); with SMTP_URL it is sent through nodemailer.
 */
export function createMailer(opts: { smtpUrl?: string; from?: string; outbox?: Collection<OutboxDoc>; log: Log }): Mailer {
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
      await outbox.insertOne({ _id: crypto.randomUUID(), ...mail, createdAt: new Date() });
      opts.log.info({ to: mail.to, subject: mail.subject }, 'mail queued in outbox (no SMTP_URL set)');
    },
  };
}
