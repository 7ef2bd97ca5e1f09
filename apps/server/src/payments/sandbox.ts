import { randomBytes } from 'node:crypto';
import {
  type CardInput,
  CURRENCIES,
  type CurrencyCode,
  cardBrand,
  cardDigits,
  expiryValid,
  luhnValid,
} from '@vitrina/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cargoSandbox, metodoPagoSandbox, reembolsoSandbox } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { type ChargeResult, chargeKey, type DeclineCode, type PaymentProvider } from './provider';

/*
 * The offline payment provider (PAYMENT_PROVIDER=sandbox, the default): Stripe's test cards, no money.
 * It keeps its payment methods and charges in its own tables, as a real provider would on its side, so a
 * charge survives a crash and `lookup` can answer after a restart.
 */

type Behaviour = 'succeed' | 'requires_action' | DeclineCode;

/**
 * The shop's cents (hundredths of a unit) in the currency's ISO 4217 minor units, which the sandbox keeps
 * as a provider would (`monto_centavos`: whole pesos in CLP). The shop never charges cents in CLP.
 */
const minorUnits = (cents: number, currency: CurrencyCode) =>
  CURRENCIES[currency].minorUnits === 0 ? cents / 100 : cents;

/** Stripe's test numbers and what they do; any other number that passes Luhn is approved. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'succeed',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000002500003155': 'requires_action',
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SandboxPaymentMethod {
  id_pago: string;
  marca: string;
  ultimos4: string;
}

/**
 * The sandbox's counterpart of Stripe's createPaymentMethod: keeps the brand, the last four digits and
 * the test behaviour, and forgets the number, expiry, CVC and name on return.
 */
export async function createSandboxPaymentMethod(
  db: Db,
  idUsuario: number | null,
  card: CardInput,
): Promise<SandboxPaymentMethod> {
  const digits = cardDigits(card.numero);
  // The route's schema already checked both; a caller that skipped it still cannot store a bad card.
  if (!luhnValid(digits))
    throw badRequest('El número de tarjeta no es válido', { numero: 'El número de tarjeta no es válido' });
  if (!expiryValid(card.expiracion))
    throw badRequest('La tarjeta está vencida', { expiracion: 'La tarjeta está vencida' });
  const method = { id_pago: newId('pm_sandbox'), marca: cardBrand(digits), ultimos4: digits.slice(-4) };
  await db.insert(metodoPagoSandbox).values({
    id: method.id_pago,
    id_usuario: idUsuario,
    marca: method.marca,
    ultimos4: method.ultimos4,
    comportamiento: SANDBOX_TEST_CARDS[digits] ?? 'succeed',
  });
  return method;
}

export interface SandboxConfirmation {
  id_venta: number;
  estado: 'succeeded' | 'requires_action' | 'declined';
}

/**
 * The browser's answer to the extra confirmation step (3-D Secure in Stripe) of a requires_action charge.
 * Only the owner of the card may answer; a second answer changes nothing and reports the first.
 */
export async function confirmSandboxCharge(
  db: Db,
  idUsuario: number | null,
  clientSecret: string,
  approve: boolean,
): Promise<SandboxConfirmation> {
  const [row] = await db
    .select({ charge: cargoSandbox, owner: metodoPagoSandbox.id_usuario })
    .from(cargoSandbox)
    .innerJoin(metodoPagoSandbox, eq(metodoPagoSandbox.id, cargoSandbox.id_pago))
    .where(eq(cargoSandbox.client_secret, clientSecret));
  if (!row) throw notFound('El pago no existe.');
  if (row.owner !== idUsuario) throw forbidden();
  const [updated] = await db
    .update(cargoSandbox)
    .set(
      approve
        ? { estado: 'succeeded', actualizado: new Date() }
        : { estado: 'declined', codigo_rechazo: 'authentication_failed', actualizado: new Date() },
    )
    .where(and(eq(cargoSandbox.id, row.charge.id), eq(cargoSandbox.estado, 'requires_action')))
    .returning({ estado: cargoSandbox.estado });
  return { id_venta: row.charge.id_venta, estado: updated?.estado ?? row.charge.estado };
}

export interface SandboxOptions {
  /** Simulated network latency of a charge (SANDBOX_LATENCY_MS). */
  latencyMs?: number;
}

type ChargeRow = typeof cargoSandbox.$inferSelect;

/** A stored charge as the provider reports it, with its card's brand and last four on success. */
function chargeResult(
  charge: ChargeRow,
  card: { marca: string | null; ultimos4: string | null } | undefined,
): ChargeResult {
  switch (charge.estado) {
    case 'succeeded':
      return {
        status: 'succeeded',
        reference: charge.referencia,
        brand: card?.marca ?? null,
        last4: card?.ultimos4 ?? null,
      };
    case 'requires_action':
      return {
        status: 'requires_action',
        reference: charge.referencia,
        clientSecret: charge.client_secret ?? '',
      };
    default:
      return {
        status: 'declined',
        code: (charge.codigo_rechazo ?? 'processing_error') as DeclineCode,
        reference: charge.referencia,
      };
  }
}

export function sandboxProvider(db: Db, { latencyMs = 0 }: SandboxOptions = {}): PaymentProvider {
  /** The newest stored charge that matches, as the provider reports it. */
  async function storedCharge(where: SQL): Promise<ChargeResult | undefined> {
    const [row] = await db
      .select({ charge: cargoSandbox, marca: metodoPagoSandbox.marca, ultimos4: metodoPagoSandbox.ultimos4 })
      .from(cargoSandbox)
      .leftJoin(metodoPagoSandbox, eq(metodoPagoSandbox.id, cargoSandbox.id_pago))
      .where(where)
      .orderBy(desc(cargoSandbox.id))
      .limit(1);
    return row && chargeResult(row.charge, row);
  }

  return {
    name: 'sandbox',

    async charge(request) {
      // The latency comes before the record: a process killed meanwhile leaves no charge behind, like a
      // request that never reached the provider. (A retried charge waits too, as it would on a network.)
      if (latencyMs > 0) await sleep(latencyMs);
      const [method] = await db
        .select()
        .from(metodoPagoSandbox)
        .where(eq(metodoPagoSandbox.id, request.paymentMethodId));
      // A payment method that does not exist or belongs to someone else is refused like a bad card.
      const behaviour: Behaviour =
        method && method.id_usuario === request.customerId
          ? (method.comportamiento as Behaviour)
          : 'card_declined';
      const referencia = newId('ch_sandbox');
      // One statement records the charge or finds its key taken: the unique index on idempotency_key
      // decides, so no lookup is needed first and two requests racing with one key both report the first.
      const [recorded] = await db
        .insert(cargoSandbox)
        .values({
          idempotency_key: request.idempotencyKey,
          id_venta: request.saleId,
          id_pago: method ? method.id : null,
          monto_centavos: minorUnits(request.amountCents, request.currency),
          referencia,
          ...(behaviour === 'succeed'
            ? { estado: 'succeeded' }
            : behaviour === 'requires_action'
              ? {
                  estado: 'requires_action',
                  client_secret: `${referencia}_secret_${randomBytes(16).toString('base64url')}`,
                }
              : { estado: 'declined', codigo_rechazo: behaviour }),
        })
        .onConflictDoNothing({ target: cargoSandbox.idempotency_key })
        .returning();
      if (recorded) return chargeResult(recorded, method);
      // The key was taken (a retried charge, a racing one, or a sale the shop gave up on): report that
      // charge as it stands, never this request's card.
      const stored = await storedCharge(eq(cargoSandbox.idempotency_key, request.idempotencyKey));
      if (!stored) throw new Error('sandbox: the charge was not recorded');
      return stored;
    },

    async lookup(saleId, reference) {
      const where = reference ? eq(cargoSandbox.referencia, reference) : eq(cargoSandbox.id_venta, saleId);
      return (await storedCharge(where)) ?? { status: 'not_found' };
    },

    async refund(request) {
      if (latencyMs > 0) await sleep(latencyMs);
      // One transaction per refund, holding the charge's row: two refunds of one charge are checked one
      // after the other against what is left of it, as a real provider does.
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select()
          .from(cargoSandbox)
          .where(eq(cargoSandbox.referencia, request.chargeReference))
          .for('update');
        const [earlier] = await tx
          .select()
          .from(reembolsoSandbox)
          .where(eq(reembolsoSandbox.idempotency_key, request.idempotencyKey));
        // A retried refund reports the first one, never refunds again.
        if (earlier) return { status: 'succeeded', reference: earlier.referencia };
        if (charge?.estado !== 'succeeded')
          return { status: 'failed', reference: null, reason: 'charge_not_refundable' };
        const [done] = await tx
          .select({
            cents: sql<number>`coalesce(sum(${reembolsoSandbox.monto_centavos}), 0)::int`.mapWith(Number),
          })
          .from(reembolsoSandbox)
          .where(eq(reembolsoSandbox.referencia_cargo, charge.referencia));
        const amount = minorUnits(request.amountCents, request.currency);
        if (amount <= 0 || (done?.cents ?? 0) + amount > charge.monto_centavos)
          return { status: 'failed', reference: null, reason: 'amount_too_large' };
        const referencia = newId('re_sandbox');
        await tx.insert(reembolsoSandbox).values({
          idempotency_key: request.idempotencyKey,
          referencia_cargo: charge.referencia,
          monto_centavos: amount,
          referencia,
        });
        return { status: 'succeeded', reference: referencia };
      });
    },

    async cancel(saleId) {
      const key = chargeKey(saleId);
      // Taking the sale's idempotency key first makes a late charge find this closed record instead.
      await db
        .insert(cargoSandbox)
        .values({
          idempotency_key: key,
          id_venta: saleId,
          monto_centavos: 0,
          estado: 'declined',
          codigo_rechazo: 'processing_error',
          referencia: newId('ch_sandbox'),
        })
        .onConflictDoNothing({ target: cargoSandbox.idempotency_key });
      await db
        .update(cargoSandbox)
        .set({ estado: 'declined', codigo_rechazo: 'authentication_failed', actualizado: new Date() })
        .where(and(eq(cargoSandbox.idempotency_key, key), eq(cargoSandbox.estado, 'requires_action')));
      const final = await storedCharge(eq(cargoSandbox.idempotency_key, key));
      if (!final) throw new Error('sandbox: the cancelled charge was not recorded');
      return final;
    },
  };
}
