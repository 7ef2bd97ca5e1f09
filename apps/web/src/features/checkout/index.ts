/*
 * What the pages of other features may use from checkout. Only lazy pages import it (the card form and its
 * schema stay out of the entry bundle).
 */

export { usePaymentMethods } from './api/get-payment-methods';
export type { OrderLine } from './api/place-order';
export { CheckoutPanel } from './components/checkout-panel';
export type { CheckoutPanelProps } from './components/checkout-props';
export { ShippingAddressFields } from './components/shipping-address-fields';
export type { Order } from './hooks/use-pay-cart';
export { usePaymentHeading } from './hooks/use-payment-heading';
export { type ShippingAddress, useShippingAddress } from './hooks/use-shipping-address';
export { payLabel } from './utils/pay-label';
