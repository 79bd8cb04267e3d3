import { ApolloProvider } from '@apollo/client/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { apolloClient } from '../lib/apollo';
import { queryClient } from '../lib/query-client';
import { LocationProvider } from '../session/location-context';
import { SessionProvider } from '../session/session-context';
import { ErrorBoundary } from '../shell/ErrorBoundary';
import { PaymentSuccessProvider } from '../shell/PaymentSuccess';
import { Toaster } from '../shell/Toaster';
import { AppRoutes } from './AppRoutes';

export function App() {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ApolloProvider client={apolloClient}>
          <BrowserRouter>
            <SessionProvider>
              <LocationProvider>
                <PaymentSuccessProvider>
                  <AppRoutes />
                  <Toaster />
                </PaymentSuccessProvider>
              </LocationProvider>
            </SessionProvider>
          </BrowserRouter>
        </ApolloProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
