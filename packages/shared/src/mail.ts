import { z } from 'zod';
import { pageSchema } from './page-schema';

/*
 * Transactional e-mail: what the shop sends, and what the admin mailbox (Ajustes › Correos) reads.
 */

export const MAIL_KINDS = [
  'pedido_confirmado',
  'pedido_enviado',
  'pedido_entregado',
  'pedido_cancelado',
  'pedido_reembolsado',
  'bienvenida',
  'contrasena_cambiada',
  'recuperar_contrasena',
  'pedido_nuevo',
  'invitacion_personal',
  'pedido_por_pagar',
  'pedido_vencido',
  'pago_tardio',
  'pedido_listo',
  'resumen_pedidos',
  'carrito_abandonado',
  'solicitud_pedido',
  'solicitud_respondida',
  'stock_bajo',
  'compras_sin_cuenta',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** How the mailbox names each kind. */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  pedido_confirmado: 'Pedido confirmado',
  pedido_enviado: 'Pedido enviado',
  pedido_entregado: 'Pedido entregado',
  pedido_cancelado: 'Pedido cancelado',
  pedido_reembolsado: 'Reembolso',
  bienvenida: 'Bienvenida',
  contrasena_cambiada: 'Contraseña cambiada',
  recuperar_contrasena: 'Recuperar contraseña',
  pedido_nuevo: 'Pedido nuevo (a la tienda)',
  invitacion_personal: 'Invitación al personal',
  pedido_por_pagar: 'Pedido por pagar',
  pedido_vencido: 'Pedido cancelado sin pago',
  pago_tardio: 'Pago tardío (a la tienda)',
  pedido_listo: 'Pedido listo para retirar',
  resumen_pedidos: 'Resumen diario de pedidos (a la tienda)',
  carrito_abandonado: 'Carrito olvidado',
  solicitud_pedido: 'Solicitud de cancelación o devolución (a la tienda)',
  solicitud_respondida: 'Respuesta a una solicitud',
  stock_bajo: 'Aviso diario de stock bajo (a la tienda)',
  compras_sin_cuenta: 'Sumar compras sin cuenta',
};

/** pendiente: waiting for (another) attempt; enviado: delivered; fallido: given up after the last attempt. */
export const MAIL_STATES = ['pendiente', 'enviado', 'fallido'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_STATE_LABELS: Record<MailState, string> = {
  pendiente: 'Pendiente',
  enviado: 'Enviado',
  fallido: 'Fallido',
};

export const MAILBOX_PAGE_SIZE = 20;

const PAGE = 'La página debe ser un número entero mayor o igual a 1';

/** GET /api/admin/correos?page=: newest first, MAILBOX_PAGE_SIZE a page. */
export const mailboxQuerySchema = z.object({
  page: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: PAGE })
      .int({ error: PAGE })
      .min(1, { error: PAGE })
      .max(100_000, { error: 'La página solicitada no existe' })
      .default(1),
  ),
});
export type MailboxQuery = z.infer<typeof mailboxQuerySchema>;

export const mailboxItemSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  estado: z.enum(MAIL_STATES),
  /** Delivery attempts made so far. */
  intentos: z.number().int(),
  /** Why the last attempt failed (the mail server's answer); null once delivered or before any failure. */
  ultimo_error: z.string().nullable(),
  /** ISO 8601 instants. */
  creado: z.string(),
  enviado: z.string().nullable(),
});
export type MailboxItem = z.infer<typeof mailboxItemSchema>;

export const mailboxPageSchema = pageSchema(mailboxItemSchema);
export type MailboxPage = z.infer<typeof mailboxPageSchema>;

/** GET /api/admin/correos/:id: the message as it was sent, for the preview. */
export const mailboxMessageSchema = mailboxItemSchema.extend({ html: z.string(), text: z.string() });
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;
