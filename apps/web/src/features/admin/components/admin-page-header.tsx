import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import styles from './admin-page.module.css';

interface AdminPageHeaderProps {
  title: string;
  /** The heading takes focus after a page change, so keyboard and screen reader users start over there. */
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}

/** An admin screen's title with the way back to the dashboard. */
export function AdminPageHeader({ title, headingRef, children }: AdminPageHeaderProps) {
  return (
    <header className={styles.header}>
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {children}
      <Link to="/adminHome" className={styles.back}>
        Volver a Administración
      </Link>
    </header>
  );
}
