import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';
import { SocketProvider } from '../lib/socket-provider.tsx';
import { fetchCurrentUser } from '../lib/auth.ts';
import { queryKeys } from '../lib/query-keys.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Ask who is signed in while the route's code downloads, not after it.
    void client.prefetchQuery({ queryKey: queryKeys.currentUser(), queryFn: fetchCurrentUser });
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <SocketProvider>{children}</SocketProvider>
    </QueryClientProvider>
  );
}
