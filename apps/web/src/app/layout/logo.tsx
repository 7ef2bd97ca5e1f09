import { useShopIdentity } from '../../lib/shop-identity';
import styles from './navbar.module.css';

/** The shop's own logo (Ajustes › Tienda) beside its name, or the theme's mark until it has one. */
export function Logo() {
  const identity = useShopIdentity().data;
  const name = identity?.nombre ?? '';
  return (
    <span className={styles.logoMark}>
      {identity?.logo ? (
        <img className={styles.logoImage} src={identity.logo} alt="" height={32} />
      ) : (
        <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <rect width="64" height="64" rx="14" fill="#b4410f" />
          <path d="M18 24h28l-3 26H21z" fill="#fff7ed" />
          <path
            d="M25 24v-4a7 7 0 0 1 14 0v4"
            fill="none"
            stroke="#fff7ed"
            strokeWidth="4"
            strokeLinecap="round"
          />
          <path
            d="M26 33l6 10 6-10"
            fill="none"
            stroke="#b4410f"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      )}
      <span className={styles.logoText}>{name}</span>
    </span>
  );
}
