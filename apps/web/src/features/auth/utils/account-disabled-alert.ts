import type { QueryClient } from '@tanstack/react-query';
import { NOTIFY_ACCOUNT_DISABLED_MS } from '@vitrina/shared';
import { alert } from '../../../lib/notifications';
import { configQueryOptions } from '../../../lib/shop-config';

/** SPEC §8: a banned account tries to log in ('User not enabled for login'). */
export async function showAccountDisabled(client: QueryClient): Promise<void> {
  const config = await client.fetchQuery(configQueryOptions()).catch(() => null);
  await alert({
    title: 'Tu cuenta ha sido desactivada',
    text: config
      ? `Si crees que es un error, comunícate con soporte en ${config.supportEmail}.`
      : 'Si crees que es un error, comunícate con soporte.',
    icon: 'error',
    timer: NOTIFY_ACCOUNT_DISABLED_MS,
  });
}

/** The API's code for a banned account's login attempt. */
export const ACCOUNT_DISABLED_CODE = 'User not enabled for login';
