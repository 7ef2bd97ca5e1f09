import { Link } from 'react-router';
import promoImage from '../../../assets/promo-banner.svg';
import { buttonClass } from '../../../components/button';
import styles from './promo-banner.module.css';

/** The home page's hero: headline, calls to action and the illustration (the LCP, so never lazy). */
export function PromoBanner() {
  return (
    <section className={styles.banner} aria-labelledby="promo-title">
      <div className={styles.text}>
        <p className={styles.kicker}>Ofertas nuevas cada semana</p>
        <h1 id="promo-title" className={styles.title}>
          Todo lo que tu hogar y tu negocio necesitan, a un clic
        </h1>
        <p className={styles.lead}>
          Descubre descuentos en indumentaria, tecnología, hogar y mucho más. Compra fácil y seguro.
        </p>
        <div className={styles.actions}>
          <Link to="/products/todos?descuento=true" className={buttonClass('primary', 'lg')}>
            Ver ofertas
          </Link>
          <Link to="/products/todos" className={buttonClass('secondary', 'lg')}>
            Ver todo
          </Link>
        </div>
      </div>
      <img
        className={styles.image}
        src={promoImage}
        alt="Bolsa de compras, regalo y etiqueta de descuento"
        width={560}
        height={420}
        fetchPriority="high"
      />
    </section>
  );
}
