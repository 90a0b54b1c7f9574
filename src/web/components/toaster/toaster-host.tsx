import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { toasterRequest } from "@/web/lib/toast";

const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Mounts sonner's Toaster once the first toast is asked for (lib/toast.ts). */
export function ToasterHost() {
  const requested = useSyncExternalStore(toasterRequest.subscribe, toasterRequest.get, () => false);
  const { t } = useLingui();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-right" closeButton containerAriaLabel={t`Notifications`} toastOptions={{ closeButtonAriaLabel: t`Close toast` }} />
    </Suspense>
  );
}
