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
 * Puts a message in the outbox inside the caller's transaction: it is sent if and only if the event it
 * tells about commits, and the request never waits for a mail server. The delivery loop (delivery.ts) is
 * woken by the table's NOTIFY when the transaction commits.
 */
export async function queueMail(tx: Tx, mail: OutgoingMail): Promise<void> {
  await tx.insert(correo).values({
    destinatario: mail.to,
    tipo: mail.kind,
    asunto: mail.subject,
    html: mail.html,
    texto: mail.text,
  });
}
