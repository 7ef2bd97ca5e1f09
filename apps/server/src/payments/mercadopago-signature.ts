import { createHmac } from 'node:crypto';
import {
  InvalidWebhookSignatureError,
  SignatureFailureReason,
  WebhookSignatureValidator,
} from 'mercadopago/dist/utils/webhook/index.js';

/*
 * Mercado Pago's webhook signature (developers' guide, "Webhooks" → "Validar origen de la notificación"):
 * `x-signature: ts=<seconds>,v1=<hex>`, the HMAC-SHA256 with the webhook secret of
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, where data.id is the `data.id` of the notification's
 * query string, in lower case when it is alphanumeric. The SDK's validator checks it; signing is here too
 * because the offline sandbox and the tests' fake send notifications exactly as Mercado Pago does.
 */

/** How old (or how far ahead) a signature may be: a replayed notification older than this is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface SignedNotification {
  /** The x-signature header. */
  signature: string | string[] | undefined;
  /** The x-request-id header. */
  requestId: string | string[] | undefined;
  /** The `data.id` of the notification URL's query string. */
  dataId: string | string[] | undefined;
}

export type SignatureVerdict = 'valid' | 'bad' | 'stale';

/** Mercado Pago signs an alphanumeric data.id in lower case (payment ids are digits, unaffected). */
const signedId = (dataId: string) => (/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId);

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Whether a notification carries Mercado Pago's signature with `secret`, made within the tolerance. */
export function verifyNotification(
  secret: string,
  { signature, requestId, dataId }: SignedNotification,
  now: () => number = Date.now,
): SignatureVerdict {
  const id = first(dataId);
  try {
    WebhookSignatureValidator.validate({
      xSignature: signature,
      xRequestId: requestId,
      dataId: id === undefined ? undefined : signedId(id),
      secret,
      toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      now,
    });
    return 'valid';
  } catch (err) {
    if (!(err instanceof InvalidWebhookSignatureError)) throw err;
    return err.reason === SignatureFailureReason.TimestampOutOfTolerance ? 'stale' : 'bad';
  }
}

/** The x-signature header Mercado Pago sends with a notification about `dataId`. */
export function signNotification(
  secret: string,
  {
    dataId,
    requestId,
    ts = Math.floor(Date.now() / 1000),
  }: { dataId: string; requestId: string; ts?: number },
): string {
  const manifest = `id:${signedId(dataId)};request-id:${requestId};ts:${ts};`;
  return `ts=${ts},v1=${createHmac('sha256', secret).update(manifest).digest('hex')}`;
}
