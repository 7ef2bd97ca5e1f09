import type { Guest } from '@vitrina/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ConnectionRetryOptions } from '../../db/connection-retry';
import type { MercadoPagoGateway } from '../../payments/mercadopago';
import type { PaymentProvider } from '../../payments/provider';
import type { CartOwner } from '../carts';
import type { ShopIdentity } from '../mail';
import type { KeptSettings } from './kept-settings';

/**
 * What the order's operations work with: the database, the payment adapter, the shop (named in its
 * e-mails) and the logger of the request or sweep that runs them.
 */
export interface OrderContext {
  db: Db;
  payments: PaymentProvider;
  /** Mercado Pago (or its offline sandbox): refunds of the orders paid through it. */
  mercadoPago?: MercadoPagoGateway | undefined;
  shop: ShopIdentity;
  /** The settings kept in memory (the application's); without them every order reads them. */
  settings?: KeptSettings | undefined;
  log?: FastifyBaseLogger | undefined;
  /** How a charge's answer is retried on a lost connection (applyChargeResult); the shop's 3 s by default. */
  connectionRetry?: ConnectionRetryOptions | undefined;
  /**
   * The saved cart of the buyer whose request places the order: emptied by the statement that places
   * an order paid later, or that pays a card's (docs/decisions/109-fewer-round-trips-under-lock.md).
   */
  cart?: CartOwner | null | undefined;
}

/** Who buys: an account, or a visitor known by the e-mail and name typed at checkout (decision 085). */
export type Buyer = { buyerId: number; guest?: undefined } | { buyerId: null; guest: Guest };
