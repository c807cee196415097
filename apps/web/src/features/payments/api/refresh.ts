import type { QueryClient } from '@tanstack/react-query';

/** After a deposit or withdrawal request: the balance, what may be withdrawn, and the request lists. */
export function afterPaymentRequest(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['payments'] });
  void queryClient.invalidateQueries({ queryKey: ['reports'] });
  void queryClient.invalidateQueries({ queryKey: ['userBalance'] });
}
