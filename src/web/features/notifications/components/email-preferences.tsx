import { Trans, useLingui } from "@lingui/react/macro";
import { mailDeliveries, type MailDelivery, type NotificationKind } from "@/shared/rules/notifications";
import { QueryStates } from "@/web/components/layout/record-states";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useNotificationPreferences, useUpdateNotificationPreference } from "../api/use-notification-preferences";
import { mailDeliveryMessages, notificationKindMessages } from "@/web/lib/i18n/labels";

/**
 * The account page's "Email notifications": one choice per kind the user receives (Immediately,
 * Daily digest, Off), each saved as soon as it changes. Fetched with the card, not with the layout.
 */
export function EmailPreferences() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreference();
  const { t, i18n } = useLingui();

  const change = (kind: NotificationKind, delivery: MailDelivery) =>
    update.mutate(
      { kind, delivery },
      {
        onSuccess: () => toast.success(t`Email notifications saved`, { id: `mail-delivery-${kind}` }),
        onError: (error) => toast.error(errorMessage(error, t`Could not save your email notifications`), { id: `mail-delivery-${kind}` }),
      },
    );

  return (
    <QueryStates query={preferences} loadError={t`Could not load your email notifications.`} loading={t`Loading email notifications`}>
      {({ items }) => (
        <div className="space-y-4">
          <p className="text-sm text-muted-foreground">
            <Trans>How each kind of notification reaches you by email. The bell shows them all in the app.</Trans>
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {items.map(({ kind, delivery }) => (
              <EnumSelectField
                key={kind}
                id={`mail-delivery-${kind}`}
                label={i18n._(notificationKindMessages[kind])}
                values={mailDeliveries}
                labels={mailDeliveryMessages}
                value={delivery}
                onChange={(event) => change(kind, event.target.value as MailDelivery)}
              />
            ))}
          </div>
        </div>
      )}
    </QueryStates>
  );
}
