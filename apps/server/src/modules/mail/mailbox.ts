import { MAILBOX_PAGE_SIZE, type MailboxItem, type MailboxMessage } from '@vitrina/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { correo } from '../../db/schema';
import { notFound } from '../../errors';

/* What the admin mailbox (Ajustes › Correos) reads: every message the shop queued, newest first. */

/** Everything but the bodies, which only the preview reads. */
const listed = {
  id: correo.id,
  destinatario: correo.destinatario,
  tipo: correo.tipo,
  asunto: correo.asunto,
  estado: correo.estado,
  intentos: correo.intentos,
  ultimo_error: correo.ultimo_error,
  creado: correo.creado,
  enviado: correo.enviado,
};

type Row = Omit<typeof correo.$inferSelect, 'html' | 'texto' | 'proximo_intento'>;

function toItem(row: Row): MailboxItem {
  return {
    id: row.id,
    to: row.destinatario,
    kind: row.tipo,
    subject: row.asunto,
    estado: row.estado,
    intentos: row.intentos,
    ultimo_error: row.ultimo_error,
    creado: row.creado.toISOString(),
    enviado: row.enviado?.toISOString() ?? null,
  };
}

export async function listMailbox(db: Db, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(listed)
      .from(correo)
      .orderBy(desc(correo.id))
      .limit(MAILBOX_PAGE_SIZE)
      .offset((page - 1) * MAILBOX_PAGE_SIZE),
    db.select({ n: count() }).from(correo),
  ]);
  return {
    items: rows.map(toItem),
    total: total?.n ?? 0,
    page,
    pageSize: MAILBOX_PAGE_SIZE,
  };
}

export async function mailboxMessage(db: Db, id: number): Promise<MailboxMessage> {
  const [row] = await db.select().from(correo).where(eq(correo.id, id));
  if (!row) throw notFound('Ese correo no existe. Vuelve a la lista de correos.');
  return { ...toItem(row), html: row.html, text: row.texto };
}

/** Messages given up on after their last attempt: the dashboard's warning. */
export async function failedMailCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(correo).where(eq(correo.estado, 'fallido'));
  return row?.n ?? 0;
}
