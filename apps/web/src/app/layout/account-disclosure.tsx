import type { SessionUser } from '@vitrina/shared';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Avatar } from '../../components/avatar';
import { ChevronDownIcon } from '../../components/icons';
import type { AccountMenuModel } from '../../features/auth';
import { AccountEntries } from './account-entries';
import styles from './account-menu.module.css';

/** A button named by the user's first name that shows and hides the list (disclosure pattern). */
export function AccountDisclosure({
  user,
  model,
  className,
}: {
  user: SessionUser;
  model: AccountMenuModel;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation closes the list
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <nav
      ref={root}
      className={`${styles.menu} ${className ?? ''}`}
      aria-label="Cuenta"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar firstName={user.primer_nombre} lastName={user.primer_apellido} src={user.imagen} />
        <span className={styles.name}>{user.primer_nombre}</span>
        <ChevronDownIcon width={18} height={18} className={styles.chevron} />
      </button>
      <div id={listId} className={styles.panel} hidden={!open}>
        <AccountEntries model={model} variant="menu" />
      </div>
    </nav>
  );
}
