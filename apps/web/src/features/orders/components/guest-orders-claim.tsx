import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useClaimGuestOrders, useRequestClaim } from '../api/claim-guest-orders';

/**
 * The purchase history's part of claiming the orders bought without an account (decision 085): `sumar`
 * (just signed up from a guest's order) asks the shop to mail the link; `token` (that link, opened) moves
 * the orders. Each is sent once per visit; the answer is read out in a status region.
 */
export function GuestOrdersClaim({ sumar, token }: { sumar: boolean; token: string | null }) {
  const request = useRequestClaim();
  const claim = useClaimGuestOrders();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (token) claim.mutate(token);
    else if (sumar) request.mutate();
  }, [token, sumar, claim, request]);

  const answer = token ? claim : request;
  const text = answer.isError ? errorMessage(answer.error) : answer.data?.message;
  return (
    <p role={answer.isError ? 'alert' : 'status'} aria-live="polite">
      {text}
    </p>
  );
}
