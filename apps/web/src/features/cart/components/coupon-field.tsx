import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { type CartPricing, couponRefusal } from '../pages/use-cart-pricing';
import styles from './coupon-field.module.css';

/**
 * 'Código de descuento': the shopper types a code, the server's quote says whether it applies or why not
 * ('El código venció el …', 'Te faltan $… para usar este código'); 'Quitar' forgets it.
 */
export function CouponField({ pricing }: { pricing: CartPricing }) {
  const [typed, setTyped] = useState('');
  const refusal = couponRefusal(pricing);
  const checking = pricing.code !== null && pricing.quote?.cupon == null;

  if (pricing.code && !refusal) {
    return (
      <div className={styles.applied}>
        <p role="status">
          {checking ? `Comprobando el código ${pricing.code}…` : `Código ${pricing.code} aplicado`}
        </p>
        <Button
          variant="ghost"
          onClick={() => {
            setTyped('');
            pricing.setCode(null);
          }}
        >
          Quitar
        </Button>
      </div>
    );
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) pricing.setCode(typed);
  };
  return (
    <form className={styles.form} onSubmit={apply} noValidate>
      <TextField
        label="Código de descuento"
        name="cupon"
        autoComplete="off"
        value={typed || pricing.code || ''}
        onChange={(event) => {
          setTyped(event.target.value);
          if (pricing.code) pricing.setCode(null);
        }}
        error={refusal ?? undefined}
      />
      <Button type="submit" variant="secondary" disabled={!typed.trim() && !pricing.code}>
        Aplicar
      </Button>
    </form>
  );
}
