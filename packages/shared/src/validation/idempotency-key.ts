import { z } from 'zod';
import { singleLineText } from './text';

/**
 * The headers of a request that must run once (a purchase, a refund): an Idempotency-Key of 8 to 255
 * characters, stored with what it made, so it passes the text rule like any text from a client. Loose:
 * the other headers stay as Fastify parsed them. `missing` says which request lacks its key.
 */
export const idempotencyHeadersSchema = (missing: string) =>
  z.looseObject({
    'idempotency-key': singleLineText({ error: missing })
      .min(8, { error: missing })
      .max(255, { error: missing }),
  });
