import type { MailKind } from '@vitrina/shared';
import type { Tx } from '../../db/client';
import { correo } from '../../db/schema';

export type { MailKind } from '@vitrina/shared';

export interface OutgoingMail {
  to: string;
  kind: MailKind;
  subject: string;
  html: string;
  text: string;
}

/**
 * Puts messages in the outbox, in one statement, inside the caller's transaction: they are sent if and
 * only if the event they tell about commits, and the request never waits for a mail server. The delivery
 * loop (delivery.ts) is woken by the table's NOTIFY when the transaction commits.
 */
export async function queueMail(tx: Tx, ...mails: OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.insert(correo).values(
    mails.map((mail) => ({
      destinatario: mail.to,
      tipo: mail.kind,
      asunto: mail.subject,
      html: mail.html,
      texto: mail.text,
    })),
  );
}
