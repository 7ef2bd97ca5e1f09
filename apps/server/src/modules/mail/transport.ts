import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** One outbox message as the delivery loop hands it over. */
export interface MailMessage {
  id: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** When it was queued: the Date header, and the order of the mailbox files. */
  created: Date;
}

export interface MailTransport {
  /** Resolves once the message is accepted (by the SMTP server, or written to its file). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

type MailConfig = Config['mail'];

/*
 * Well under a claimed message's lease (delivery.ts): a server that stops answering fails the send before
 * another process may take the message over. nodemailer's defaults wait up to 10 minutes.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP when SMTP_URL is set; otherwise one .eml file per message in DATA_DIR/mail/. */
export function createMailTransport(mail: MailConfig): MailTransport {
  return mail.smtpUrl ? smtpTransport(mail, mail.smtpUrl) : folderTransport(mail);
}

function envelope(mail: MailConfig, message: MailMessage) {
  return {
    from: mail.from,
    replyTo: mail.replyTo,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    date: message.created,
  };
}

function smtpTransport(mail: MailConfig, url: string): MailTransport {
  // One kept-open connection: the loop sends one message at a time, and a burst reuses it.
  const transporter = nodemailer.createTransport({ url, pool: true, maxConnections: 1, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transporter.sendMail(envelope(mail, message));
    },
    close: () => transporter.close(),
  };
}

/** '2026-11-23T10-59-27-923Z-000042.eml': sorted by time, and one name per message so a retry overwrites. */
const mailFileName = (message: Pick<MailMessage, 'id' | 'created'>) =>
  `${message.created.toISOString().replace(/[:.]/g, '-')}-${String(message.id).padStart(6, '0')}.eml`;

function folderTransport(mail: MailConfig): MailTransport {
  // nodemailer builds the raw message (headers, both parts, encodings) without sending it anywhere.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const { message: raw } = await builder.sendMail(envelope(mail, message));
      const path = join(mail.mailDir, mailFileName(message));
      // Written aside and renamed: a reader never sees half a message. The folder is made when it is
      // missing (the first message, or someone removed it), not checked before every message.
      const aside = `${path}.tmp`;
      await writeFile(aside, raw).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await mkdir(mail.mailDir, { recursive: true });
        await writeFile(aside, raw);
      });
      await rename(aside, path);
    },
    close: () => builder.close(),
  };
}
