import formStyles from '../../../components/form.module.css';
import { PAYMENT_UNAVAILABLE } from '../utils/card-payments';

/** SPEC §5: the card provider must be loaded before paying; this is what shows when it could not be. */
export function PaymentUnavailable() {
  return (
    <p className={formStyles.formError} role="alert">
      {PAYMENT_UNAVAILABLE}
    </p>
  );
}
