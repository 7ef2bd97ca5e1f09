import { ORDER_STATE_FILTER_DEFAULT, PAGES, SALES_PAGE_SIZE, showsPager, totalPages } from '@vitrina/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ContactPhone } from '../../../components/contact-phone';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { Facts } from '../../../components/order-details';
import { Pager } from '../../../components/pager';
import { useFormatInstant } from '../../../lib/shop-dates';
import { useFormatMoney } from '../../../lib/shop-money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAllSales } from '../api/get-all-sales';
import { useCustomer } from '../api/get-customer';
import styles from '../components/admin-page.module.css';
import { AdminPageHeader } from '../components/admin-page-header';
import { OrdersTable } from '../components/orders-table';
import { fullName } from '../components/users-table';

/**
 * /admin/usuarios/:id: a customer's account, their orders in figures (how many, spent net of refunds, the
 * latest) and the orders themselves, newest first.
 */
export function CustomerPage() {
  useDocumentTitle(PAGES.adminCustomer.title);
  const id = Number(useParams().id);
  const customer = useCustomer(id);
  const [page, setPage] = useState(1);
  const sales = useAllSales({
    desde: '',
    hasta: '',
    estado: ORDER_STATE_FILTER_DEFAULT,
    q: '',
    page,
    cliente: id,
  });
  const formatMoney = useFormatMoney();
  const formatInstant = useFormatInstant();

  if (customer.isPending) return <Loader label="Cargando el cliente…" />;
  if (customer.isError)
    return (
      <div className={styles.page}>
        <AdminPageHeader title="Cliente" />
        <LoadError
          className={styles.message}
          what="el cliente"
          error={customer.error}
          onRetry={customer.refetch}
          retrying={customer.isFetching}
        />
      </div>
    );
  const { usuario, resumen } = customer.data;
  return (
    <div className={styles.page}>
      <AdminPageHeader title={fullName(usuario)}>
        <Link to={PAGES.adminUsers.path} className={styles.back}>
          Volver a Gestionar usuarios
        </Link>
      </AdminPageHeader>
      <section className={styles.panel} aria-labelledby="cliente-datos">
        <h2 id="cliente-datos" className={styles.subtitle}>
          Datos
        </h2>
        <Facts
          items={[
            ['Email', usuario.email],
            ['Teléfono', <ContactPhone key="telefono" telefono={usuario.telefono} />],
            ['Dirección', usuario.direccion],
            [
              'Cuenta',
              `${usuario.estado ? 'Activa' : 'Baneada'} · ${usuario.tiene_password ? 'con contraseña' : 'entra con Google'} · desde ${formatInstant(usuario.createdAt)}`,
            ],
          ]}
        />
      </section>
      <section className={styles.panel} aria-labelledby="cliente-compras">
        <h2 id="cliente-compras" className={styles.subtitle}>
          Compras
        </h2>
        <Facts
          items={[
            ['Pedidos', resumen.pedidos],
            ['Gastado (menos reembolsos)', formatMoney(resumen.total_gastado)],
            [
              'Último pedido',
              resumen.ultimo_pedido ? formatInstant(resumen.ultimo_pedido) : 'Todavía no compra',
            ],
          ]}
        />
        {sales.data && sales.data.total > 0 && (
          <>
            <OrdersTable
              sales={sales.data.items}
              caption={`Pedidos de ${fullName(usuario)}: ${sales.data.total}`}
            />
            {showsPager(sales.data.total, SALES_PAGE_SIZE) && (
              <Pager
                page={page}
                totalPages={totalPages(sales.data.total, SALES_PAGE_SIZE)}
                onPageChange={setPage}
                label="Páginas de pedidos del cliente"
              />
            )}
          </>
        )}
      </section>
    </div>
  );
}
