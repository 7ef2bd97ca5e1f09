import { ORDER_LOOKUP_MESSAGES, orderLookupSchema, PAGES, pagePath } from '@vitrina/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import formStyles from '../../../components/form.module.css';
import { TextField } from '../../../components/text-field';
import { errorMessage, isNotFound } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLookUpOrder } from '../api/look-up-order';
import { OrderContent } from './order-page';
import styles from './order-page.module.css';

type Field = 'numero_pedido' | 'email';

/**
 * /consultar-pedido 'Consultar pedido': anyone finds an order with its number and the buyer's e-mail, no
 * sign-in needed (docs/decisions/078-order-lookup.md). The server never says which of the two was wrong.
 */
export function OrderLookupPage() {
  useDocumentTitle(PAGES.orderLookup.title);
  const lookUp = useLookUpOrder();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const input = {
      numero_pedido: String(data.get('numero_pedido') ?? ''),
      email: String(data.get('email') ?? ''),
    };
    const parsed = orderLookupSchema.safeParse(input);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    lookUp.mutate(input);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Consultar pedido</h1>
      <p>Escribe el número de tu pedido (por ejemplo V-000123) y el correo con el que compraste.</p>
      <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-label="Consultar pedido">
        <TextField
          label="Número de pedido"
          name="numero_pedido"
          autoComplete="off"
          error={errors.numero_pedido}
        />
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          autoComplete="email"
          error={errors.email}
        />
        {lookUp.isError && (
          <p className={formStyles.formError} role="alert">
            {isNotFound(lookUp.error) ? ORDER_LOOKUP_MESSAGES.notFound : errorMessage(lookUp.error)}
          </p>
        )}
        <div className={formStyles.actions}>
          <Button type="submit" disabled={lookUp.isPending} aria-busy={lookUp.isPending || undefined}>
            Buscar pedido
          </Button>
        </div>
      </form>
      {lookUp.data && <OrderContent order={lookUp.data} found />}
      {lookUp.data?.acceso && (
        // The order's own page, as its e-mails link it (decision 086): an address to keep.
        <p>
          <Link
            to={`${pagePath(PAGES.order, lookUp.data.id_venta)}?${new URLSearchParams({ acceso: lookUp.data.acceso })}`}
          >
            Abrir la página de este pedido
          </Link>
        </p>
      )}
    </div>
  );
}
