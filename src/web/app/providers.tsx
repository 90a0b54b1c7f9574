import { QueryClientProvider } from "@tanstack/react-query";
import { ToasterHost } from "../components/toaster/toaster-host";
import { queryClient } from "../lib/query-client";
import { AppRouter } from "./router";

export function Providers() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <ToasterHost />
    </QueryClientProvider>
  );
}
