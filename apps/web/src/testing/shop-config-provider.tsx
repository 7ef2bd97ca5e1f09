import { QueryClientProvider } from '@tanstack/react-query';
import type { ShopConfig } from '@vitrina/shared';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { configQueryOptions } from '../lib/shop-config';
import { shopConfig } from './fixtures';

/**
 * A component alone, with GET /api/config already answered (`overrides` on the tests' shop): what a
 * component that writes amounts in the shop's currency needs, without the whole app around it.
 */
export function ShopConfigProvider({
  overrides,
  children,
}: {
  overrides?: Partial<ShopConfig>;
  children: ReactNode;
}) {
  const [client] = useState(() => {
    const made = createQueryClient();
    made.setQueryData(configQueryOptions().queryKey, shopConfig(overrides));
    return made;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
