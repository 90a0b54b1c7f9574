import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ErrorBoundary } from "../components/layout/error-boundary";
import { ToasterHost } from "../components/toaster/toaster-host";
import { queryClient } from "../lib/query-client";
import { AppRouter } from "./router";

export function Providers() {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
        {/* Toasts are not worth the app: if sonner's code cannot load, they go (lib/toast.ts logs them). */}
        <ErrorBoundary fallback={() => null}>
          <ToasterHost />
        </ErrorBoundary>
      </QueryClientProvider>
    </I18nProvider>
  );
}
