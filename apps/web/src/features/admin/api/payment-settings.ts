import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodSettings, TaxSettings } from '@vitrina/shared';
import { api } from '../../../lib/api-client';

interface PaymentSettingsAnswer {
  metodos: PaymentMethodSettings[];
}

const paymentSettingsKey = ['ajustes', 'pagos'] as const;
const taxSettingsKey = ['ajustes', 'impuestos'] as const;

/** GET /api/ajustes/pagos: every method, in the shopper's order. */
export function usePaymentSettings() {
  return useQuery(
    queryOptions({
      queryKey: paymentSettingsKey,
      queryFn: ({ signal }) => api<PaymentSettingsAnswer>('/ajustes/pagos', { signal }),
    }),
  );
}

/** PUT /api/ajustes/pagos; the checkout's list of methods is read again. */
export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PaymentSettingsAnswer) =>
      api<PaymentSettingsAnswer>('/ajustes/pagos', { method: 'PUT', body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentSettingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: ['pagos', 'metodos'] });
    },
  });
}

/** GET /api/ajustes/impuestos. */
export function useTaxSettings() {
  return useQuery(
    queryOptions({
      queryKey: taxSettingsKey,
      queryFn: ({ signal }) => api<TaxSettings>('/ajustes/impuestos', { signal }),
    }),
  );
}

/** PUT /api/ajustes/impuestos. */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettings) =>
      api<TaxSettings>('/ajustes/impuestos', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(taxSettingsKey, saved),
  });
}
