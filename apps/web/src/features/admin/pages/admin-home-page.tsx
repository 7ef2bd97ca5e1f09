import { mayOpenAdminPage, PAGES, type PageName } from '@vitrina/shared';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { Loader } from '../../../components/loader';
import { useSession } from '../../../lib/session';
import { formatInstant } from '../../../lib/shop-dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboard } from '../api/get-dashboard';
import { AbandonedCartsSection } from '../components/abandoned-carts';
import styles from '../components/admin-page.module.css';
import { AuditTable } from '../components/audit-table';
import dashboardStyles from '../components/dashboard.module.css';
import { DashboardCharts } from '../components/dashboard-charts';
import { OrderNoticesToggle } from '../components/order-notices-toggle';
import { OrdersToDo } from '../components/orders-to-do';
import { SalesFiguresSection } from '../components/sales-figures';
import { SearchAnalyticsSection } from '../components/search-analytics';
import { StockAlerts } from '../components/stock-alerts';
import homeStyles from './admin-home-page.module.css';

/** The sections, each with the page it opens: a staff member is offered only those their role covers. */
const SECTIONS: ReadonlyArray<{ page: PageName; to: string; label: string; text: string }> = [
  {
    page: 'adminProducts',
    to: '/products/admin',
    label: 'Gestionar productos',
    text: 'Buscar, editar y dar de baja productos.',
  },
  {
    page: 'adminUsers',
    to: '/admin/usuarios',
    label: 'Gestionar usuarios',
    text: 'Banear y restaurar cuentas de clientes.',
  },
  {
    page: 'createProduct',
    to: '/producto',
    label: 'Crear producto',
    text: 'Publicar un producto nuevo en la tienda.',
  },
  {
    page: 'adminOrders',
    to: PAGES.adminOrders.path,
    // SPEC's name for the section, which is now the orders screen.
    label: 'Historial de ventas',
    text: 'Los pedidos: prepararlos, enviarlos, cancelarlos, reembolsarlos e imprimir la lista de empaque.',
  },
  {
    page: 'adminCarts',
    to: PAGES.adminCarts.path,
    label: 'Carritos olvidados',
    text: 'Clientes que dejaron productos en su carrito, su recordatorio y las compras recuperadas.',
  },
  {
    page: 'adminRatings',
    to: '/calificaciones',
    label: 'Gestionar calificaciones',
    text: 'Revisar, ocultar y restaurar opiniones.',
  },
  {
    page: 'adminAudit',
    to: '/admin/auditoria',
    label: 'Registro de cambios',
    text: 'Todos los cambios del dueño y del personal.',
  },
  {
    page: 'adminSynonyms',
    to: PAGES.adminSynonyms.path,
    label: 'Sinónimos',
    text: 'Las palabras de cada país que la búsqueda entiende (laptop → portátil).',
  },
  {
    page: 'adminSettings',
    to: PAGES.adminSettings.path,
    label: 'Ajustes',
    text: 'La tarifa de envío y el envío gratis.',
  },
  {
    page: 'adminShipping',
    to: PAGES.adminShipping.path,
    label: 'Envío',
    text: 'Zonas de envío por estado o provincia, el resto del país, el retiro en tienda y los avisos de pedidos.',
  },
  {
    page: 'adminShop',
    to: PAGES.adminShop.path,
    label: 'Tienda',
    text: 'El nombre, el logo, los colores, el contacto, las redes y el WhatsApp de la tienda.',
  },
  {
    page: 'adminPages',
    to: PAGES.adminPages.path,
    label: 'Páginas',
    text: 'Acerca de, Términos, Privacidad y las páginas propias de la tienda.',
  },
  {
    page: 'adminMail',
    to: PAGES.adminMail.path,
    label: 'Correos',
    text: 'Los correos que la tienda envió a sus clientes.',
  },
  {
    page: 'adminStaff',
    to: PAGES.adminStaff.path,
    label: 'Personal',
    text: 'Invitar empleados con un rol, cambiarlo o quitar su acceso.',
  },
];

/**
 * /adminHome (SPEC §2): the admin sections, then the shop's figures, charts, stock and audit. Staff see
 * only the sections of their role, and no figures (the shop's money is the owner's).
 */
export function AdminHomePage() {
  useDocumentTitle(PAGES.adminHome.title);
  const { user } = useSession();
  const sections = user ? SECTIONS.filter((section) => mayOpenAdminPage(user, section.page)) : [];
  return (
    <div className={styles.page}>
      <h1 className={homeStyles.title}>Administración</h1>
      <nav aria-label="Secciones de administración">
        <ul className={homeStyles.grid}>
          {sections.map((section) => {
            const textId = `admin${section.to.replace(/\W/g, '-')}`;
            return (
              <li key={section.to} className={homeStyles.tile}>
                <Link to={section.to} className={homeStyles.label} aria-describedby={textId}>
                  {section.label}
                </Link>
                <p id={textId} className={homeStyles.text}>
                  {section.text}
                </p>
              </li>
            );
          })}
        </ul>
      </nav>
      <OrderNoticesToggle />
      {user?.admin && <Dashboard />}
    </div>
  );
}

function Dashboard() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Loader label="Cargando el resumen…" />;
  if (dashboard.isError) {
    return (
      <LoadError className={styles.message} error={dashboard.error} onRetry={() => dashboard.refetch()} />
    );
  }
  const data = dashboard.data;
  return (
    <>
      <p className={dashboardStyles.note}>
        Resumen al {formatInstant(data.generado, data.zona_horaria)} (días según la zona horaria{' '}
        {data.zona_horaria}).
      </p>
      <OrdersToDo
        porPreparar={data.pedidos_por_preparar}
        porPagar={data.pedidos_por_pagar}
        pagosTardios={data.pagos_tardios}
        correosFallidos={data.correos_fallidos}
      />
      <SalesFiguresSection ventas={data.ventas} />
      <DashboardCharts days={data.ingresos_por_dia} top={data.mas_vendidos} />
      <StockAlerts inventario={data.inventario} clientes={data.clientes} />
      <AbandonedCartsSection />
      <SearchAnalyticsSection />
      <section aria-labelledby="admin-auditoria" className={dashboardStyles.section}>
        <h2 id="admin-auditoria" className={dashboardStyles.sectionTitle}>
          Actividad reciente
        </h2>
        <AuditTable entries={data.auditoria_reciente} />
        <p>
          <Link to={PAGES.adminAudit.path}>Ver el registro completo</Link>
        </p>
      </section>
    </>
  );
}
