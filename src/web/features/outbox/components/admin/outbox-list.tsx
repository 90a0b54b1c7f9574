import { Mail } from "lucide-react";
import { useSearchParams } from "react-router";
import { mailStatuses, mailStatusLabels, type MailStatus } from "@/shared/enums";
import { PagedList } from "@/web/components/paged-list";
import { EmptyState } from "@/web/components/ui/empty-state";
import { NativeSelect } from "@/web/components/ui/input";
import { useListParams } from "@/web/components/ui/pagination";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useOutboxPage } from "../../api/use-outbox-page";
import { OutboxItem } from "./outbox-item";

const isStatus = (value: string | null): value is MailStatus => mailStatuses.includes(value as MailStatus);

/** Every outgoing mail, newest first, searched by recipient and filtered by status (both in the URL). */
export function OutboxList() {
  const list = useListParams();
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status = isStatus(raw) ? raw : undefined;
  const outbox = useOutboxPage({ page: list.page, q: list.q, sort: list.sort, status });
  useErrorToast(outbox.error, { log: "Failed to load the outbox", toast: "Error fetching the outbox" });

  const setStatus = (next: string) =>
    setParams((previous) => {
      const changed = new URLSearchParams(previous);
      if (next) changed.set("status", next);
      else changed.delete("status");
      changed.delete("page");
      return changed;
    });

  return (
    <PagedList
      query={outbox}
      list={list}
      noun="mails"
      searchBy="recipient"
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor="outbox-status" className="text-sm font-medium">
            Status
          </label>
          <NativeSelect id="outbox-status" value={status ?? ""} onChange={(event) => setStatus(event.target.value)} className="w-44">
            <option value="">All</option>
            {mailStatuses.map((value) => (
              <option key={value} value={value}>
                {mailStatusLabels[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
      }
      empty={
        <EmptyState
          icon={<Mail className="h-10 w-10 text-muted-foreground" aria-hidden />}
          title={status ? `No ${mailStatusLabels[status].toLowerCase()} mail` : "No mail yet"}
          description={status ? "Choose another status to see the rest." : "Password resets and address changes appear here as they are sent."}
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
