import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
}

/** The app's button; `buttonClass` gives links the same look. */
export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: 'md' | 'lg' = 'md',
  extra?: string,
): string {
  return [styles.button, styles[variant], size === 'lg' ? styles.lg : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}
