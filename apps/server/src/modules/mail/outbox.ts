import type { MailKind } from '@vitrina/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
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

/**
 * queueMail as a WITH clause of the statement that makes what the messages tell about, to save the
 * statement (and a transaction's BEGIN and COMMIT) where every paid order passes: the messages are
 * written once for each row of `from` (a WITH clause before this one), each `placeholder` in them
 * replaced by `value`, an expression over that row which only the statement knows (the order's number).
 */
export function queuedMailsClause(
  db: Db | Tx,
  mails: readonly OutgoingMail[],
  substitute: { from: SQL; placeholder: string; value: SQL },
) {
  const { from, placeholder, value } = substitute;
  const column = (pick: (mail: OutgoingMail) => string) => sql`${sql.param(mails.map(pick))}::text[]`;
  const filled = (name: SQL) => sql`replace(${name}, ${placeholder}, ${value})`;
  return db.$with('correos', {}).as(sql`
    INSERT INTO ${correo} (destinatario, tipo, asunto, html, texto)
    SELECT m.destinatario, m.tipo, ${filled(sql`m.asunto`)}, ${filled(sql`m.html`)}, ${filled(sql`m.texto`)}
      FROM ${from}, unnest(${column((m) => m.to)}, ${column((m) => m.kind)}, ${column((m) => m.subject)},
                           ${column((m) => m.html)}, ${column((m) => m.text)})
           AS m (destinatario, tipo, asunto, html, texto)`);
}
