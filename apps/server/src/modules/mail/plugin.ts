import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type DeliveryOptions, mailDelivery } from './delivery';
import { createMailTransport } from './transport';

export interface MailDeliveryPluginOptions {
  database: Database;
  config: Config;
  /** Tests retry faster; by default DEFAULT_DELIVERY. */
  options?: Partial<DeliveryOptions>;
}

/**
 * Runs the outbox's delivery loop for as long as the app: it starts once the app is ready and stops when
 * it closes (main.ts closes the app before the database), finishing the message in hand.
 */
export const mailDeliveryPlugin: FastifyPluginAsync<MailDeliveryPluginOptions> = async (
  app,
  { database, config, options },
) => {
  const delivery = mailDelivery({
    database,
    transport: createMailTransport(config.mail),
    log: app.log.child({ module: 'mail' }),
    options,
  });
  app.addHook('onReady', async () => delivery.start());
  app.addHook('onClose', async () => delivery.stop());
};
