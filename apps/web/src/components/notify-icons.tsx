import type { ComponentType } from 'react';
import type { NotifyIcon } from '../lib/notifications';
import { Icon, type IconProps } from './icons';

/* The icons of notifications: they load with the toasts and dialogs, not with every page. */

export const CheckCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.5l3 3 5-6" />
  </Icon>
);

export const ErrorCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </Icon>
);

export const InfoCircleIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </Icon>
);

export const WarningIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3l10 18H2z" />
    <path d="M12 10v4M12 17.5h.01" />
  </Icon>
);

export const NOTIFY_ICONS: Record<NotifyIcon, ComponentType<IconProps>> = {
  success: CheckCircleIcon,
  error: ErrorCircleIcon,
  info: InfoCircleIcon,
  warning: WarningIcon,
};
