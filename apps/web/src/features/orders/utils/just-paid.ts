/** The order page's location state right after checkout: the order was just paid, so it says thanks. */
export interface JustPaidState {
  justPaid: true;
}

export const isJustPaid = (state: unknown): state is JustPaidState =>
  typeof state === 'object' && state !== null && (state as Partial<JustPaidState>).justPaid === true;
