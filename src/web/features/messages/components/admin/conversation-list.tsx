import { Trans, useLingui } from "@lingui/react/macro";
import { MessageSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useCompany } from "@/web/features/companies";
import { EmptyState } from "@/web/components/ui/empty-state";
import { LoadError } from "@/web/components/ui/load-error";
import { Pagination, useListParams } from "@/web/components/ui/pagination";
import { SearchInput } from "@/web/components/ui/search-input";
import { Spinner } from "@/web/components/ui/spinner";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { useConversationPage } from "../../api/use-conversation-page";
import { ConversationCard } from "./conversation-card";

/**
 * One card per company conversation, latest activity first, searchable and paged (state in the URL).
 * `?company=<id>` (a notification's link) brings that company's card into view, focused and
 * highlighted; when it is not on the page shown, the list is searched for the company's name.
 */
export function ConversationList() {
  const { t } = useLingui();
  const { page, q, setPage, setQuery } = useListParams();
  const conversations = useConversationPage({ page, q });
  useErrorToast(conversations.error, { log: "Failed to load conversations", toast: t`Error fetching messages` });
  const data = conversations.data;
  const wanted = useSearchParams()[0].get("company") ?? "";
  const elsewhere = !!wanted && !!data && !conversations.isPlaceholderData && !data.items.some((conversation) => conversation.company.id === wanted);
  useSearchForCompany(wanted, elsewhere && !q, setQuery);

  return (
    <section aria-labelledby="conversations-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="conversations-heading" className="text-lg font-semibold">
          <Trans>Conversations</Trans>
        </h2>
        <SearchInput label={t`Search conversations`} placeholder={t`Search by company name`} value={q} onSearch={setQuery} />
      </div>
      {conversations.isPending ? (
        <div className="flex justify-center p-10">
          <Spinner label={t`Loading conversations`} />
        </div>
      ) : conversations.isError && !data ? (
        <LoadError message={t`Could not load the conversations.`} onRetry={() => void conversations.refetch()} />
      ) : data && data.total === 0 && !q ? (
        <EmptyState icon={<MessageSquare className="h-10 w-10 text-muted-foreground" aria-hidden />} title={t`No conversations yet. Start one above!`} />
      ) : data && data.items.length === 0 && page === 1 ? (
        <EmptyState title={t`No matching conversations`} description={t`No company name contains "${q}".`} />
      ) : data ? (
        <>
          <div className="space-y-4" aria-busy={conversations.isPlaceholderData}>
            {data.items.map((conversation) => (
              <ConversationCard key={conversation.company.id} conversation={conversation} highlighted={conversation.company.id === wanted} />
            ))}
          </div>
          <Pagination label={t`Conversation pages`} data={data} onPageChange={setPage} />
        </>
      ) : null}
    </section>
  );
}

/** Once per wanted company: when its card is not on the page, search for its name (which the URL then shows, like any search). */
function useSearchForCompany(companyId: string, needed: boolean, setQuery: (q: string) => void) {
  const company = useCompany(companyId, { enabled: needed });
  const searchedFor = useRef("");
  const name = needed ? company.data?.name : undefined;
  useEffect(() => {
    if (!name || searchedFor.current === companyId) return;
    searchedFor.current = companyId;
    setQuery(name);
  }, [name, companyId, setQuery]);
}
