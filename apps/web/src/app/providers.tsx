import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ApiFailureError } from '../api/errors';
import { i18n } from '../i18n/i18n';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A failure with an answer from the server will not change by asking again.
      retry: (count, error) => !(error instanceof ApiFailureError && error.failure.status > 0) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
