import { CURRENCIES, type CurrencyCode } from '@vitrina/shared';
import type { MercadoPagoConfig } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { type SignatureVerdict, type SignedNotification, verifyNotification } from './mercadopago-signature';
import { chargeKey, type RefundResult } from './provider';

/*
 * Mercado Pago's Checkout Pro (MERCADOPAGO_ACCESS_TOKEN set) through the official SDK. The shopper pays on
 * Mercado Pago's pages (card, wallet, cash voucher, installments) and comes back to the order page; the
 * shop learns the outcome only by asking Mercado Pago's API (a notification only says "look at payment N").
 * The offline sandbox (mercadopago-sandbox.ts) answers the same interface from the shop's own tables.
 */

/** What a Mercado Pago payment means for the order it pays. */
export type PaymentStanding = 'paid' | 'waiting' | 'failed' | 'refunded' | 'charged_back';

/**
 * Mercado Pago's payment statuses: approved (money taken), pending (a cash voucher not paid yet),
 * in_process (under review), authorized (held, not captured), in_mediation (a dispute, money held),
 * rejected, cancelled (expired voucher, cancelled by the payer), refunded, charged_back.
 */
export function standingOf(status: string | undefined): PaymentStanding {
  switch (status) {
    case 'approved':
    // A dispute holds money that was taken: the order was paid, and the owner answers the dispute.
    case 'in_mediation':
      return 'paid';
    case 'refunded':
      return 'refunded';
    case 'charged_back':
      return 'charged_back';
    case 'rejected':
    case 'cancelled':
      return 'failed';
    default:
      // pending, in_process, authorized, and any status Mercado Pago adds later: not money yet.
      return 'waiting';
  }
}

/** A payment as the shop reads it, always from Mercado Pago's API (never from a notification's body). */
export interface MercadoPagoPayment {
  id: string;
  /** The sale it pays (`venta-<id_venta>`), as the preference set it. */
  externalReference: string | null;
  status: string;
  statusDetail: string | null;
  standing: PaymentStanding;
  /** In the shop's cents (hundredths of a unit). */
  amountCents: number;
  refundedCents: number;
  currency: string;
  /** visa, master, oxxo, rapipago, account_money… */
  methodId: string | null;
  /** credit_card, debit_card, ticket (cash voucher), bank_transfer, account_money… */
  typeId: string | null;
  approvedAt: Date | null;
  /** A cash voucher's page (transaction_details.external_resource_url): where the shopper sees it again. */
  voucherUrl: string | null;
}

export interface CheckoutLine {
  id: string;
  title: string;
  quantity: number;
  /** The server's price of one unit, in the shop's cents. */
  unitCents: number;
}

export interface CheckoutRequest {
  saleId: number;
  lines: CheckoutLine[];
  /** Shipping computed by the server, in cents; 0 for none. */
  shippingCents: number;
  currency: CurrencyCode;
  payerEmail?: string | undefined;
  /** The order's page: where Mercado Pago sends the shopper back, whatever happened. */
  returnUrl: string;
  /** The shop's webhook (POST /api/pagos/mercadopago/webhook). */
  notificationUrl: string;
  /** Until when the shopper may pay: the order's reservation. */
  expiresAt?: Date | undefined;
  /** What the card statement says (SHOP_NAME, shortened by Mercado Pago). */
  statementDescriptor?: string | undefined;
}

export interface Checkout {
  preferenceId: string;
  /** Where the browser goes to pay: Checkout Pro's init_point, or the sandbox's page. */
  redirectUrl: string;
}

export interface MercadoPagoRefundRequest {
  paymentId: string;
  /** Cents to give back; null gives back what is left of the payment. */
  amountCents: number | null;
  currency: CurrencyCode;
  /** Derived from the shop's refund record (refundKey): asking again never refunds twice. */
  idempotencyKey: string;
}

/** What the orders module asks of Mercado Pago, live or in the offline sandbox. */
export interface MercadoPagoGateway {
  readonly mode: 'live' | 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** A payment by id; null when Mercado Pago has none with that id. */
  payment(id: string): Promise<MercadoPagoPayment | null>;
  /** Every payment made for a sale (its external_reference), newest first. */
  paymentsOf(saleId: number): Promise<MercadoPagoPayment[]>;
  refund(request: MercadoPagoRefundRequest): Promise<RefundResult>;
  verifyNotification(notification: SignedNotification): SignatureVerdict;
}

/** The external_reference of a sale's preference and payments. */
export const externalReference = (saleId: number) => chargeKey(saleId);

const wholeUnits = (currency: CurrencyCode) => CURRENCIES[currency].decimals === 0;

/**
 * The shop's cents as Mercado Pago's amount, a decimal number in the currency's units: 1299 is 12.99, and
 * 1299000 is 12990 in CLP or COP, which Mercado Pago takes in whole pesos only. A number with at most two
 * decimals is written exactly by JSON.stringify. A whole-peso currency with cents (a price from before
 * the shop changed currency) throws rather than charging a rounded amount.
 */
export function mercadoPagoAmount(cents: number, currency: CurrencyCode): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  if (wholeUnits(currency) && cents % 100 !== 0)
    throw new RangeError(`${currency} has no cents at Mercado Pago: ${cents / 100}`);
  return cents / 100;
}

/**
 * A Mercado Pago amount back in the shop's cents, read from its decimal digits (the shortest text of the
 * number, as JSON wrote it) so that no multiplication can round it. More than two decimals is refused.
 */
export function shopCentsOf(amount: number | undefined): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount ?? 0));
  const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an amount in cents: ${amount}`);
  return cents;
}

/** The preference's body: the server's lines, shipping and deadline, the sale as its reference. */
export function preferenceBody(request: CheckoutRequest) {
  const currency_id = request.currency;
  const items = request.lines.map((line) => ({
    id: line.id,
    title: line.title,
    quantity: line.quantity,
    unit_price: mercadoPagoAmount(line.unitCents, request.currency),
    currency_id,
  }));
  if (request.shippingCents > 0) {
    items.push({
      id: 'envio',
      title: 'Envío',
      quantity: 1,
      unit_price: mercadoPagoAmount(request.shippingCents, request.currency),
      currency_id,
    });
  }
  return {
    items,
    external_reference: externalReference(request.saleId),
    back_urls: { success: request.returnUrl, pending: request.returnUrl, failure: request.returnUrl },
    auto_return: 'approved',
    notification_url: request.notificationUrl,
    ...(request.payerEmail && { payer: { email: request.payerEmail } }),
    ...(request.statementDescriptor && { statement_descriptor: request.statementDescriptor.slice(0, 22) }),
    ...(request.expiresAt && {
      expires: true,
      expiration_date_to: request.expiresAt.toISOString(),
      // A cash voucher printed at the last minute must not be payable after the reservation ends.
      date_of_expiration: request.expiresAt.toISOString(),
    }),
    metadata: { id_venta: request.saleId },
  };
}

/** The fields of a payment (GET /v1/payments/:id, or a search result) that the shop reads. */
export interface PaymentFields {
  id?: string | number | undefined;
  external_reference?: string | undefined;
  status?: string | undefined;
  status_detail?: string | undefined;
  transaction_amount?: number | undefined;
  transaction_amount_refunded?: number | undefined;
  currency_id?: string | undefined;
  payment_method_id?: string | undefined;
  payment_type_id?: string | undefined;
  date_approved?: string | null | undefined;
  transaction_details?: { external_resource_url?: string | null | undefined } | undefined;
}

export function paymentOf(fields: PaymentFields): MercadoPagoPayment {
  return {
    id: String(fields.id ?? ''),
    externalReference: fields.external_reference ?? null,
    status: fields.status ?? 'pending',
    statusDetail: fields.status_detail ?? null,
    standing: standingOf(fields.status),
    amountCents: shopCentsOf(fields.transaction_amount),
    refundedCents: shopCentsOf(fields.transaction_amount_refunded),
    currency: fields.currency_id ?? '',
    methodId: fields.payment_method_id ?? null,
    typeId: fields.payment_type_id ?? null,
    approvedAt: fields.date_approved ? new Date(fields.date_approved) : null,
    voucherUrl: fields.transaction_details?.external_resource_url ?? null,
  };
}

export interface MercadoPagoAccount {
  accessToken: string;
  webhookSecret: string;
  /** https://api.mercadopago.com, or a local fake in tests (MERCADOPAGO_API_URL). */
  apiUrl: string;
}

export interface MercadoPagoOptions {
  /** Retries of a request Mercado Pago answered 429 or 5xx (or never answered), with the same key. */
  maxRetries?: number;
  /** The wait before the first retry, doubled each time. */
  retryDelayMs?: number;
}

/** The SDK is loaded when the shop takes Mercado Pago for real, not at every start (about 0.1 s). */
const loadSdk = () => import('mercadopago');

export async function mercadoPagoGateway(
  account: MercadoPagoAccount,
  { maxRetries = 2, retryDelayMs = 500 }: MercadoPagoOptions = {},
): Promise<MercadoPagoGateway> {
  const sdk = await loadSdk();

  /**
   * Runs one SDK call with a configuration of its own: the SDK merges each call's requestOptions
   * (the idempotency key among them) into the configuration it was given, so a shared one would send a
   * refund's key with the next request. The SDK has no option for its address: RestClient.fetch reads the
   * static AppConfig.BASE_URL synchronously when a call starts, so it is set right before each call
   * (docs/decisions/059).
   */
  function call<T>(run: (config: MercadoPagoConfig) => Promise<T>, idempotencyKey?: string): Promise<T> {
    const config = new sdk.MercadoPagoConfig({
      accessToken: account.accessToken,
      options: {
        timeout: 20_000,
        maxRetries,
        initialDelay: retryDelayMs,
        ...(idempotencyKey && { idempotencyKey }),
      },
    });
    // Typed readonly, a plain static property at run time.
    Reflect.set(AppConfig, 'BASE_URL', account.apiUrl);
    return run(config);
  }

  return {
    mode: 'live',

    async createCheckout(request) {
      const preference = await call((config) =>
        new sdk.Preference(config).create({ body: preferenceBody(request) }),
      );
      if (!preference.id || !preference.init_point)
        throw new Error('Mercado Pago answered a preference without id or init_point');
      return { preferenceId: preference.id, redirectUrl: preference.init_point };
    },

    async payment(id) {
      try {
        return paymentOf(await call((config) => new sdk.Payment(config).get({ id })));
      } catch (err) {
        if (err instanceof sdk.MPNotFoundError) return null;
        throw err;
      }
    },

    async paymentsOf(saleId) {
      const found = await call((config) =>
        new sdk.Payment(config).search({
          options: {
            external_reference: externalReference(saleId),
            sort: 'date_created',
            criteria: 'desc',
            limit: 50,
          },
        }),
      );
      return (found.results ?? []).map(paymentOf);
    },

    async refund(request) {
      try {
        const refund = await call(
          (config) =>
            new sdk.PaymentRefund(config).create({
              payment_id: request.paymentId,
              body:
                request.amountCents === null
                  ? {}
                  : { amount: mercadoPagoAmount(request.amountCents, request.currency) },
            }),
          request.idempotencyKey,
        );
        return refund.status === 'rejected' || refund.status === 'cancelled'
          ? { status: 'failed', reference: String(refund.id ?? ''), reason: refund.status }
          : { status: 'succeeded', reference: String(refund.id ?? '') };
      } catch (err) {
        // Refused for good (more than what is left, a payment that took no money): nothing was refunded.
        // Anything else (network, Mercado Pago down) is thrown and the refund stays pending.
        if (err instanceof sdk.MPBadRequestError || err instanceof sdk.MPNotFoundError)
          return { status: 'failed', reference: null, reason: err.error || err.message };
        throw err;
      }
    },

    verifyNotification: (notification) => verifyNotification(account.webhookSecret, notification),
  };
}
