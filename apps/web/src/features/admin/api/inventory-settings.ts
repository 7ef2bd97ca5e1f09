import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InventorySettings } from '@vitrina/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './admin-query-key';

const inventorySettingsKey = ['ajustes', 'inventario'] as const;

/** GET /api/ajustes/inventario: the shop's low-stock threshold (the owner's setting: `enabled` for them). */
export function useInventorySettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: inventorySettingsKey,
      queryFn: ({ signal }) => api<InventorySettings>('/ajustes/inventario', { signal }),
      enabled,
    }),
  );
}

/** PUT /api/ajustes/inventario; the dashboard's low-stock list is read again. */
export function useSaveInventorySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: InventorySettings) =>
      api<InventorySettings>('/ajustes/inventario', { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(inventorySettingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: [...adminQueryKey, 'dashboard'] });
    },
  });
}
