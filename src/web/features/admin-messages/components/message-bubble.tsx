import { displayName, formatDateTime, formatTime } from "@/shared/format";
import type { Message } from "@/shared/schemas/message";
import { cn } from "@/web/lib/cn";

const senderName = (message: Message) => (message.sender ? displayName(message.sender) : "Deleted user");

const isToday = (instant: string) => new Date(instant).toDateString() === new Date().toDateString();

/** A message in an admin conversation card: the provider team's on the right, the customer's on the left. */
export function MessageBubble({ message }: { message: Message }) {
  const team = !!message.sender?.isAdmin;
  const name = senderName(message);
  const unread = !team && !message.isRead;
  return (
    <li data-sender={team ? "team" : "customer"} className={cn("flex items-end gap-2", team && "flex-row-reverse")}>
      <span
        aria-hidden
        className={cn(
          "flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
          team ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
        )}
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className={cn("flex max-w-[80%] min-w-0 flex-col", team ? "items-end" : "items-start")}>
        <div className={cn("flex items-baseline gap-2 text-xs", team && "flex-row-reverse")}>
          <span className="font-medium">{name}</span>
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)} className="text-muted-foreground">
            {isToday(message.createdAt) ? formatTime(message.createdAt) : formatDateTime(message.createdAt)}
          </time>
          {unread ? <span className="font-semibold text-red-700">New</span> : null}
        </div>
        <p
          className={cn(
            "mt-1 rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap",
            team ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
            unread && "ring-2 ring-red-300",
          )}
        >
          {message.content}
        </p>
      </div>
    </li>
  );
}
