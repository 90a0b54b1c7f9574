import { Trans } from "@lingui/react/macro";
import { cn } from "@/web/lib/cn";
import { useInbox } from "../../api/use-inbox";
import { useInboxParams } from "../../lib/use-inbox-params";
import { InboxList } from "./inbox-list";
import { InboxThread } from "./inbox-thread";
import { NewConversationForm } from "./new-conversation-form";

/**
 * Customer Messages as a two-pane inbox: the conversations on the left, the one opened by
 * `?company=` on the right. Below `md` one pane at a time: the list, or the open conversation with
 * a back control. Starting a new conversation opens it.
 */
export function Inbox() {
  const { company, q, order, hrefWith, update } = useInboxParams();
  // The same query the list runs (one request): the open conversation's row, for its name and counts.
  const { conversations } = useInbox({ q, order });
  const listed = conversations.find((conversation) => conversation.company.id === company);

  return (
    <div className="space-y-6">
      <div className={cn(company && "max-md:hidden")}>
        <NewConversationForm onSent={(companyId) => update({ company: companyId })} />
      </div>
      <div className="grid overflow-hidden rounded-lg border border-border bg-card md:h-[40rem] md:grid-cols-[minmax(16rem,22rem)_minmax(0,1fr)]">
        <div className={cn("flex min-h-0 flex-col md:border-r md:border-border", company ? "max-md:hidden" : "max-md:max-h-[70dvh]")}>
          <InboxList selected={company} q={q} order={order} hrefWith={hrefWith} update={update} />
        </div>
        {company ? (
          <div className="flex min-h-0 flex-col max-md:h-[75dvh]">
            <InboxThread companyId={company} listed={listed} backHref={hrefWith({ company: "" })} />
          </div>
        ) : (
          <NothingOpen />
        )}
      </div>
    </div>
  );
}

function NothingOpen() {
  return (
    <div className="hidden items-center justify-center p-6 text-center text-sm text-muted-foreground md:flex">
      <p>
        <Trans>Choose a conversation to read it and reply.</Trans>
      </p>
    </div>
  );
}
