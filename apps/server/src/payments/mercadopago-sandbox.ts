import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pagoMpSandbox, preferenciaMpSandbox, reembolsoMpSandbox } from '../db/schema';
import {
  type CheckoutRequest,
  externalReference,
  type MercadoPagoGateway,
  type MercadoPagoPayment,
  standingOf,
} from './mercadopago';
import { signNotification, verifyNotification } from './mercadopago-signature';

/*
 * Mercado Pago offline (no MERCADOPAGO_ACCESS_TOKEN): Checkout Pro's redirect goes to a page of the shop
 * (/mercadopago-sandbox/:preference) where the tester approves, leaves a cash voucher pending (and pays it
 * later) or is rejected. Preferences, payments and refunds live in the shop's database as Mercado Pago
 * keeps them on its side, and every change is notified to the preference's notification_url signed as
 * Mercado Pago signs, so the shop's webhook, its reconciliation loop and its refunds run as they would with
 * the real service.
 */

/** The sandbox's webhook secret: a forged notification changes nothing, as the shop re-reads the payment. */
export const SANDBOX_WEBHOOK_SECRET = 'vitrina-mercadopago-sandbox';

/** Where Checkout Pro's redirect goes in the sandbox: the shop's own page for the preference. */
export const sandboxCheckoutPath = (preferenceId: string) => `/mercadopago-sandbox/${preferenceId}`;

/** What the tester chooses on the sandbox's page. */
export type SandboxOutcome = 'approved' | 'pending' | 'rejected';

export interface SandboxPreferenceBody {
  lines: CheckoutRequest['lines'];
  shippingCents: number;
  returnUrl: string;
  notificationUrl: string;
  expiresAt: string | null;
}

export type SandboxPreference = typeof preferenciaMpSandbox.$inferSelect & { cuerpo: SandboxPreferenceBody };
type PaymentRow = typeof pagoMpSandbox.$inferSelect;

function paymentOf(row: PaymentRow): MercadoPagoPayment {
  return {
    id: String(row.id),
    externalReference: row.referencia_externa,
    status: row.estado,
    statusDetail: row.detalle_estado,
    standing: standingOf(row.estado),
    amountCents: row.monto_centavos,
    refundedCents: row.reembolsado_centavos,
    currency: row.moneda,
    methodId: row.metodo,
    typeId: row.tipo,
    approvedAt: row.aprobado,
    // The sandbox's voucher is shown on its preference's page, where it can be paid.
    voucherUrl: row.tipo === 'ticket' ? sandboxCheckoutPath(row.id_preferencia) : null,
  };
}

/** A payment id as the sandbox stores it (a positive integer), or null for anything else. */
const paymentKey = (id: string) => (/^\d{1,15}$/.test(id) ? Number(id) : null);

export function mercadoPagoSandbox(db: Db): MercadoPagoGateway {
  return {
    mode: 'sandbox',

    async createCheckout(request) {
      const id = `sandbox-${randomUUID()}`;
      const total =
        request.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0) + request.shippingCents;
      const cuerpo: SandboxPreferenceBody = {
        lines: request.lines,
        shippingCents: request.shippingCents,
        returnUrl: request.returnUrl,
        notificationUrl: request.notificationUrl,
        expiresAt: request.expiresAt?.toISOString() ?? null,
      };
      await db.insert(preferenciaMpSandbox).values({
        id,
        referencia_externa: externalReference(request.saleId),
        cuerpo,
        monto_centavos: total,
        moneda: request.currency,
      });
      return { preferenceId: id, redirectUrl: sandboxCheckoutPath(id) };
    },

    async payment(id) {
      const key = paymentKey(id);
      if (key === null) return null;
      const [row] = await db.select().from(pagoMpSandbox).where(eq(pagoMpSandbox.id, key));
      return row ? paymentOf(row) : null;
    },

    async paymentsOf(saleId) {
      const rows = await db
        .select()
        .from(pagoMpSandbox)
        .where(eq(pagoMpSandbox.referencia_externa, externalReference(saleId)))
        .orderBy(desc(pagoMpSandbox.id));
      return rows.map(paymentOf);
    },

    async refund(request) {
      const key = paymentKey(request.paymentId);
      // One transaction holding the payment's row: two refunds of one payment are checked one after the
      // other against what is left of it, as Mercado Pago does.
      return db.transaction(async (tx) => {
        const [earlier] = await tx
          .select()
          .from(reembolsoMpSandbox)
          .where(eq(reembolsoMpSandbox.idempotency_key, request.idempotencyKey));
        if (earlier) return { status: 'succeeded', reference: String(earlier.id) };
        const [payment] =
          key === null
            ? []
            : await tx.select().from(pagoMpSandbox).where(eq(pagoMpSandbox.id, key)).for('update');
        if (payment?.estado !== 'approved')
          return { status: 'failed', reference: null, reason: 'payment_not_refundable' };
        const left = payment.monto_centavos - payment.reembolsado_centavos;
        const amount = request.amountCents ?? left;
        if (amount <= 0 || amount > left)
          return { status: 'failed', reference: null, reason: 'invalid_refund_amount' };
        const [made] = await tx
          .insert(reembolsoMpSandbox)
          .values({ id_pago: payment.id, idempotency_key: request.idempotencyKey, monto_centavos: amount })
          .returning({ id: reembolsoMpSandbox.id });
        const whole = amount === left;
        await tx
          .update(pagoMpSandbox)
          .set({
            reembolsado_centavos: sql`${pagoMpSandbox.reembolsado_centavos} + ${amount}`,
            ...(whole && { estado: 'refunded', detalle_estado: 'refunded' }),
            actualizado: new Date(),
          })
          .where(eq(pagoMpSandbox.id, payment.id));
        return { status: 'succeeded', reference: String(made?.id) };
      });
    },

    verifyNotification: (notification) => verifyNotification(SANDBOX_WEBHOOK_SECRET, notification),
  };
}

/** A sandbox preference and its payments, newest first, for its page; null when there is none. */
export async function sandboxPreference(
  db: Db,
  id: string,
): Promise<{ preference: SandboxPreference; payments: MercadoPagoPayment[] } | null> {
  const [preference] = await db.select().from(preferenciaMpSandbox).where(eq(preferenciaMpSandbox.id, id));
  if (!preference) return null;
  const payments = await db
    .select()
    .from(pagoMpSandbox)
    .where(eq(pagoMpSandbox.id_preferencia, id))
    .orderBy(desc(pagoMpSandbox.id));
  return { preference: preference as SandboxPreference, payments: payments.map(paymentOf) };
}

const DETAIL: Record<SandboxOutcome, { estado: string; detalle: string; metodo: string; tipo: string }> = {
  approved: { estado: 'approved', detalle: 'accredited', metodo: 'visa', tipo: 'credit_card' },
  pending: { estado: 'pending', detalle: 'pending_waiting_payment', metodo: 'oxxo', tipo: 'ticket' },
  rejected: {
    estado: 'rejected',
    detalle: 'cc_rejected_insufficient_amount',
    metodo: 'visa',
    tipo: 'credit_card',
  },
};

/**
 * The tester pays a preference on the sandbox's page. Refused (null) when the preference does not exist,
 * has expired, or already has an approved or pending payment (Mercado Pago takes one payment per preference).
 */
export async function paySandboxPreference(
  db: Db,
  preferenceId: string,
  outcome: SandboxOutcome,
  now = new Date(),
): Promise<MercadoPagoPayment | null> {
  return db.transaction(async (tx) => {
    const [preference] = await tx
      .select()
      .from(preferenciaMpSandbox)
      .where(eq(preferenciaMpSandbox.id, preferenceId))
      .for('update');
    if (!preference) return null;
    const { expiresAt } = preference.cuerpo as SandboxPreferenceBody;
    if (expiresAt && new Date(expiresAt) <= now) return null;
    const [open] = await tx
      .select({ id: pagoMpSandbox.id })
      .from(pagoMpSandbox)
      .where(
        and(
          eq(pagoMpSandbox.id_preferencia, preferenceId),
          sql`${pagoMpSandbox.estado} IN ('approved', 'pending', 'refunded')`,
        ),
      )
      .limit(1);
    if (open) return null;
    const detail = DETAIL[outcome];
    const [row] = await tx
      .insert(pagoMpSandbox)
      .values({
        id_preferencia: preferenceId,
        referencia_externa: preference.referencia_externa,
        estado: detail.estado,
        detalle_estado: detail.detalle,
        metodo: detail.metodo,
        tipo: detail.tipo,
        monto_centavos: preference.monto_centavos,
        moneda: preference.moneda,
        aprobado: outcome === 'approved' ? now : null,
      })
      .returning();
    return row ? paymentOf(row) : null;
  });
}

/** The cash voucher of a pending payment is paid at the store (approved) or expires (cancelled). */
export async function settleSandboxVoucher(
  db: Db,
  paymentId: string,
  status: 'approved' | 'cancelled',
): Promise<MercadoPagoPayment | null> {
  const key = paymentKey(paymentId);
  if (key === null) return null;
  const [row] = await db
    .update(pagoMpSandbox)
    .set({
      estado: status,
      detalle_estado: status === 'approved' ? 'accredited' : 'expired',
      ...(status === 'approved' && { aprobado: new Date() }),
      actualizado: new Date(),
    })
    .where(and(eq(pagoMpSandbox.id, key), eq(pagoMpSandbox.estado, 'pending')))
    .returning();
  return row ? paymentOf(row) : null;
}

/**
 * Tells the shop about a payment as Mercado Pago does: POST to the preference's notification_url with
 * `?data.id=<payment>&type=payment`, signed. Its fate does not matter: the shop's reconciliation loop asks
 * about every order still waiting, so a notification lost here costs minutes, as with Mercado Pago.
 */
export async function notifySandboxPayment(
  notificationUrl: string,
  paymentId: string,
  action: 'payment.created' | 'payment.updated',
): Promise<boolean> {
  const url = new URL(notificationUrl);
  url.searchParams.set('data.id', paymentId);
  url.searchParams.set('type', 'payment');
  const requestId = randomUUID();
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': signNotification(SANDBOX_WEBHOOK_SECRET, { dataId: paymentId, requestId }),
      },
      body: JSON.stringify({
        action,
        api_version: 'v1',
        data: { id: paymentId },
        date_created: new Date().toISOString(),
        id: Date.now(),
        live_mode: false,
        type: 'payment',
        user_id: 'sandbox',
      }),
      signal: AbortSignal.timeout(5_000),
    });
    return answer.ok;
  } catch {
    return false;
  }
}
