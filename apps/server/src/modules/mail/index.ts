export type { DeliveryOptions } from './delivery';
export { failedMailCount } from './mailbox';
export { type OutgoingMail, queuedMailsClause, queuedMailsValues, queueMail } from './outbox';
export { mailDeliveryPlugin } from './plugin';
export { mailboxRoutes } from './routes';
export { type ShopIdentity, shopIdentity } from './shop';
export {
  type CartReminderData,
  cartReminderMail,
  claimGuestOrdersMail,
  type DeliveredOrder,
  type DigestItem,
  dailyOrdersMail,
  googleAccountResetMail,
  latePaymentMail,
  lowStockMail,
  newOrderMail,
  type OrderMailData,
  type OrderRequestMail,
  orderCancelledMail,
  orderConfirmedMail,
  orderDeliveredMail,
  orderExpiredMail,
  orderReadyMail,
  orderRefundedMail,
  orderRequestAnsweredMail,
  orderRequestMail,
  orderShippedMail,
  type PaymentDue,
  passwordChangedMail,
  passwordResetMail,
  paymentDueMail,
  type RefundGiven,
  type SummaryOrder,
  staffInvitationMail,
  welcomeMail,
} from './templates';
