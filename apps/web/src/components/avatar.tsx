import { useState } from 'react';
import styles from './avatar.module.css';

interface AvatarProps {
  firstName: string;
  lastName?: string;
  /** The user's picture; initials show when there is none or it fails to load. */
  src?: string | null;
  size?: 'sm' | 'lg';
}

/** A round picture of the user, or their initials. Decorative: the name is always written next to it. */
export function Avatar({ firstName, lastName = '', src, size = 'sm' }: AvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const initials = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  const className = `${styles.avatar} ${styles[size]}`;
  if (src && broken !== src) {
    const px = size === 'lg' ? 96 : 32;
    return (
      <img src={src} alt="" width={px} height={px} className={className} onError={() => setBroken(src)} />
    );
  }
  return (
    <span className={className} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
