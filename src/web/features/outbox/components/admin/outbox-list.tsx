import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Mail } from "lucide-react";
import { mailStatuses, type MailStatus } from "@/shared/enums";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { EnumOptions } from "@/web/components/ui/enum-options";
import { NativeSelect } from "@/web/components/ui/input";
import { useListParams } from "@/web/components/ui/pagination";
import { mailStatusMessages } from "@/web/lib/i18n/admin-labels";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { oneOf, useUrlFilters } from "@/web/lib/use-url-filters";
import { useOutboxPage } from "../../api/use-outbox-page";
import { OutboxItem } from "./outbox-item";

/** The empty list under a status filter: "No failed mail" (the status's label, lower-cased, as before). */
const noMailWith: Record<MailStatus, MessageDescriptor> = {
  queued: msg`No queued mail`,
  sent: msg`No sent mail`,
  logged: msg`No logged (no smtp) mail`,
  failed: msg`No failed mail`,
};

const filterRules = { status: oneOf(mailStatuses) };

/** Every outgoing mail, newest first, searched by recipient and filtered by status (both in the URL). */
export function OutboxList() {
  const list = useListParams();
  const filters = useUrlFilters(filterRules);
  const status = (filters.values.status || undefined) as MailStatus | undefined;
  const outbox = useOutboxPage({ page: list.page, q: list.q, sort: list.sort, status });
  const { t, i18n } = useLingui();
  useErrorToast(outbox.error, { log: "Failed to load the outbox", toast: t`Error fetching the outbox` });

  return (
    <PagedList
      query={outbox}
      list={list}
      noun={t`mails`}
      searchBy={t`recipient`}
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor="outbox-status" className="text-sm font-medium">
            <Trans>Status</Trans>
          </label>
          <NativeSelect id="outbox-status" value={status ?? ""} onChange={(event) => filters.set("status", event.target.value)} className="w-44">
            <option value="">{t`All`}</option>
            <EnumOptions values={mailStatuses} labels={mailStatusMessages} />
          </NativeSelect>
        </div>
      }
      empty={
        <EmptyState
          icon={<Mail className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title={status ? i18n._(noMailWith[status]) : t`No mail yet`}
          description={status ? t`Choose another status to see the rest.` : t`Password resets and address changes appear here as they are sent.`}
        />
      }
    >
      {(items) => (
        <ul className="divide-y divide-border">
          {items.map((mail) => (
            <OutboxItem key={mail.id} mail={mail} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
