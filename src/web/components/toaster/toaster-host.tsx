import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { useDarkTheme } from "@/web/lib/theme";
import { toasterRequest } from "@/web/lib/toast";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Mounts sonner's Toaster once the first toast is asked for (lib/toast.ts). */
export function ToasterHost() {
  const requested = useSyncExternalStore(toasterRequest.subscribe, toasterRequest.get, () => false);
  const { t } = useLingui();
  const dark = useDarkTheme();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={dark ? "dark" : "light"} richColors position="top-right" closeButton containerAriaLabel={t`Notifications`} toastOptions={{ closeButtonAriaLabel: t`Close toast` }} />
    </Suspense>
  );
}
