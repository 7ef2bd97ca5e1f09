import { PAGES, SOCIAL_NETWORKS, type SocialNetwork, shopPagePath } from '@vitrina/shared';
import { Link } from 'react-router';
import { useShopIdentity, useShopName, useShopPages } from '../../lib/shop-identity';
import styles from './footer.module.css';
import { Logo } from './logo';

/** The shop's pages until their list arrives (the three every shop has). */
const FIXED_PAGES = [
  { slug: 'acerca', titulo: 'Acerca de' },
  { slug: 'terminos', titulo: 'Términos de uso' },
  { slug: 'privacidad', titulo: 'Aviso de privacidad' },
];

/** The shop's name and logo, its contact and social links (Ajustes › Tienda) and its pages. */
export function Footer() {
  const identity = useShopIdentity().data;
  const shopName = useShopName();
  const pages = useShopPages().data ?? FIXED_PAGES;
  const contact = identity?.contacto;
  const networks = Object.entries(identity?.redes ?? {}).filter(([, url]) => url) as [
    SocialNetwork,
    string,
  ][];
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo />
          <p>Tu tienda en línea de confianza.</p>
          {contact && (contact.email || contact.telefono || contact.direccion) && (
            <address className={styles.contact} aria-label="Contacto">
              {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
              {contact.telefono && (
                <a href={`tel:${contact.telefono.replace(/[^\d+]/g, '')}`}>{contact.telefono}</a>
              )}
              {contact.direccion && <span>{contact.direccion}</span>}
            </address>
          )}
          {networks.length > 0 && (
            <ul className={styles.social} aria-label="Redes sociales">
              {networks.map(([network, url]) => (
                <li key={network}>
                  <a href={url} rel="noopener noreferrer" target="_blank">
                    {SOCIAL_NETWORKS[network]}
                    <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Pie de página">
          <ul className={styles.links}>
            <li>
              <Link to="/products/todos">Ver Todo</Link>
            </li>
            <li>
              <Link to="/products/todos?descuento=true">Ofertas</Link>
            </li>
            <li>
              <Link to={PAGES.orderLookup.path}>Consultar pedido</Link>
            </li>
            {pages.map((page) => (
              <li key={page.slug}>
                <Link to={shopPagePath(page.slug)}>{page.titulo}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p
          className={styles.copy}
        >{`© ${new Date().getFullYear()} ${shopName}. Todos los derechos reservados.`}</p>
      </div>
    </footer>
  );
}
