export type { DeliveryOptions } from './delivery';
export { failedMailCount } from './mailbox';
export { type OutgoingMail, queueMail } from './outbox';
export { mailDeliveryPlugin } from './plugin';
export { mailboxRoutes } from './routes';
export { type ShopIdentity, shopIdentity } from './shop';
export {
  googleAccountResetMail,
  newOrderMail,
  type OrderMailData,
  orderCancelledMail,
  orderConfirmedMail,
  orderRefundedMail,
  orderShippedMail,
  passwordChangedMail,
  passwordResetMail,
  type RefundGiven,
  staffInvitationMail,
  welcomeMail,
} from './templates';
