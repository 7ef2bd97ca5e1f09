import {
  type FormatMoney,
  type ListedPromotion,
  PAGES,
  PROMOTION_TYPE_LABELS,
  spellDay,
} from '@vitrina/shared';
import { useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useFormatMoney } from '../../../lib/shop-money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCategories } from '../../catalog';
import { usePromotions } from '../api/promotions';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { PromotionForm } from '../components/promotion-form';

/** '10 %', '$50.00' or 'Envío gratis', and from which subtotal. */
function describeDiscount(promotion: ListedPromotion, formatMoney: FormatMoney): string {
  const value =
    promotion.tipo === 'porcentaje'
      ? `${promotion.valor} %`
      : promotion.tipo === 'monto'
        ? formatMoney(promotion.valor)
        : PROMOTION_TYPE_LABELS.envio_gratis;
  return promotion.minimo === null ? value : `${value} desde ${formatMoney(promotion.minimo)}`;
}

function describeDates({ desde, hasta }: ListedPromotion): string {
  if (desde && hasta) return `Del ${spellDay(desde)} al ${spellDay(hasta)}`;
  if (desde) return `Desde el ${spellDay(desde)}`;
  if (hasta) return `Hasta el ${spellDay(hasta)}`;
  return 'Siempre';
}

/** '3 de 100 (1 por cliente)': the uses so far and the limits. */
function describeUses({ usos, usos_max, usos_por_cliente }: ListedPromotion): string {
  const total = usos_max === null ? String(usos) : `${usos} de ${usos_max}`;
  return usos_por_cliente === null ? total : `${total} (${usos_por_cliente} por cliente)`;
}

/**
 * /admin/ajustes/promociones (Ajustes › Promociones): the shop's discount codes and automatic promotions,
 * created at the top and edited in place of their row. The server decides what each takes off a cart
 * (docs/decisions/073-promotions.md); to stop offering one, the owner unticks 'Activa'.
 */
export function PromotionsPage() {
  useDocumentTitle(PAGES.adminPromotions.title);
  const promotions = usePromotions();
  const categories = useCategories().data ?? [];
  const formatMoney = useFormatMoney();
  const [editing, setEditing] = useState<number | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <div className={styles.page}>
      <AdminPageHeader title="Promociones" headingRef={headingRef} />
      <p>
        Códigos de descuento que el cliente escribe en el carrito, y promociones automáticas que se aplican
        solas. Cada pedido recibe como mucho un descuento en los productos y uno en el envío: el mayor.
      </p>

      <section aria-labelledby="promocion-nueva" className={styles.panel}>
        <h2 id="promocion-nueva" className={styles.subtitle}>
          Nueva promoción
        </h2>
        <PromotionForm categories={categories} />
      </section>

      {promotions.isPending ? (
        <Loader label="Cargando las promociones…" />
      ) : promotions.isError ? (
        <LoadError
          className={styles.message}
          what="las promociones"
          error={promotions.error}
          onRetry={() => promotions.refetch()}
        />
      ) : promotions.data.length === 0 ? (
        <p className={styles.message}>Todavía no hay promociones.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Promociones: {promotions.data.length}</caption>
            <thead>
              <tr>
                <th scope="col">Código</th>
                <th scope="col">Descuento</th>
                <th scope="col">Vigencia</th>
                <th scope="col">Usos</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span className="visually-hidden">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {promotions.data.map((promotion) =>
                editing === promotion.id ? (
                  <tr key={promotion.id}>
                    <td colSpan={6}>
                      <PromotionForm
                        promotion={promotion}
                        categories={categories}
                        onDone={() => setEditing(undefined)}
                      />
                    </td>
                  </tr>
                ) : (
                  <tr key={promotion.id}>
                    <th scope="row">{promotion.codigo}</th>
                    <td data-label="Descuento">{describeDiscount(promotion, formatMoney)}</td>
                    <td data-label="Vigencia">{describeDates(promotion)}</td>
                    <td data-label="Usos">{describeUses(promotion)}</td>
                    <td data-label="Estado">
                      {[
                        promotion.activa ? 'Activa' : 'Inactiva',
                        promotion.automatica ? 'automática' : 'con código',
                      ].join(', ')}
                    </td>
                    <td className={styles.actions}>
                      <Button variant="secondary" onClick={() => setEditing(promotion.id)}>
                        Editar <span className="visually-hidden">{promotion.codigo}</span>
                      </Button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
