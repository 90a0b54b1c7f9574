import { Trans, useLingui } from "@lingui/react/macro";
import { displayName, formatDateTime, formatTime } from "@/shared/format";
import type { Message } from "@/shared/schemas/message";
import { AttachmentList } from "@/web/features/files";
import { cn } from "@/web/lib/cn";
import { queryRoots } from "@/web/lib/query-keys";

/**
 * Who wrote a message, as its reader sees it: the customer's chat says own or other, an admin's
 * conversation card says team or customer. Own and team messages sit on the right.
 */
export type BubbleSender = "own" | "other" | "team" | "customer";

const isToday = (instant: string) => new Date(instant).toDateString() === new Date().toDateString();

interface MessageBubbleProps {
  message: Message;
  sender: BubbleSender;
  /** Smaller avatar and wider text, for a conversation card among many. */
  compact?: boolean;
}

/** One chat message: avatar initial, sender name, time, content and files; a customer message the team has not read is marked New. */
export function MessageBubble({ message, sender, compact = false }: MessageBubbleProps) {
  const right = sender === "own" || sender === "team";
  const unread = sender === "customer" && !message.isRead;
  const { t } = useLingui();
  const name = message.sender ? displayName(message.sender) : t`Deleted user`;
  return (
    <li data-sender={sender} className={cn("flex items-end gap-2", right && "flex-row-reverse")}>
      <span
        aria-hidden
        className={cn(
          "flex shrink-0 items-center justify-center rounded-full font-semibold",
          compact ? "h-7 w-7 text-xs" : "h-8 w-8 text-sm",
          right ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
        )}
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className={cn("flex min-w-0 flex-col", compact ? "max-w-[80%]" : "max-w-[75%]", right ? "items-end" : "items-start")}>
        <div className={cn("flex items-baseline gap-2 text-xs", right && "flex-row-reverse")}>
          <span className="font-medium">{name}</span>
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)} className="text-muted-foreground">
            {isToday(message.createdAt) ? formatTime(message.createdAt) : formatDateTime(message.createdAt)}
          </time>
          {unread ? (
            <span className="font-semibold text-red-700 dark:text-red-400">
              <Trans>New</Trans>
            </span>
          ) : null}
        </div>
        <p
          className={cn(
            "mt-1 rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap",
            right ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
            unread && "ring-2 ring-red-300 dark:ring-red-800",
          )}
        >
          {message.content}
        </p>
        <AttachmentList files={message.attachments} owner={[queryRoots.messages]} />
      </div>
    </li>
  );
}
