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

/** The messages' columns in queuedMailsClause, each read from its placeholder as an array. */
const MAIL_COLUMNS = {
  destinatario: (mail: OutgoingMail) => mail.to,
  tipo: (mail: OutgoingMail) => mail.kind,
  asunto: (mail: OutgoingMail) => mail.subject,
  html: (mail: OutgoingMail) => mail.html,
  texto: (mail: OutgoingMail) => mail.text,
};

const placeholderOf = (column: keyof typeof MAIL_COLUMNS) => `correo_${column}`;

/**
 * queueMail as a WITH clause of the statement that makes what the messages tell about, to save the
 * statement (and a transaction's BEGIN and COMMIT) where every paid order passes: the messages are
 * written once for each row of `from` (a WITH clause before this one), each `placeholder` in them
 * replaced by `value`, an expression over that row which only the statement knows (the order's number).
 * The messages themselves are the prepared statement's values: queuedMailsValues.
 */
export function queuedMailsClause(db: Db | Tx, substitute: { from: SQL; placeholder: string; value: SQL }) {
  const { from, placeholder, value } = substitute;
  const column = (name: keyof typeof MAIL_COLUMNS) => sql`${sql.placeholder(placeholderOf(name))}::text[]`;
  const filled = (name: SQL) => sql`replace(${name}, ${placeholder}, ${value})`;
  return db.$with('correos', {}).as(sql`
    INSERT INTO ${correo} (destinatario, tipo, asunto, html, texto)
    SELECT m.destinatario, m.tipo, ${filled(sql`m.asunto`)}, ${filled(sql`m.html`)}, ${filled(sql`m.texto`)}
      FROM ${from}, unnest(${column('destinatario')}, ${column('tipo')}, ${column('asunto')},
                           ${column('html')}, ${column('texto')})
           AS m (destinatario, tipo, asunto, html, texto)`);
}

/** The values of queuedMailsClause's placeholders that queue `mails`. */
export const queuedMailsValues = (mails: readonly OutgoingMail[]): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(MAIL_COLUMNS).map(([name, pick]) => [
      placeholderOf(name as keyof typeof MAIL_COLUMNS),
      mails.map(pick),
    ]),
  );
