import { displayName, formatDateTime, formatTime } from "@/shared/format";
import type { Message } from "@/shared/schemas/message";
import { cn } from "@/web/lib/cn";

const senderName = (message: Message) => (message.sender ? displayName(message.sender) : "Deleted user");

const isToday = (instant: string) => new Date(instant).toDateString() === new Date().toDateString();

/** One chat message: avatar initial, sender name, time and content; own messages on the right. */
export function MessageItem({ message, own }: { message: Message; own: boolean }) {
  const name = senderName(message);
  return (
    <li data-sender={own ? "own" : "other"} className={cn("flex items-end gap-2", own && "flex-row-reverse")}>
      <span
        aria-hidden
        className={cn(
          "flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
          own ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
        )}
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div className={cn("flex max-w-[75%] min-w-0 flex-col", own ? "items-end" : "items-start")}>
        <div className={cn("flex items-baseline gap-2 text-xs", own && "flex-row-reverse")}>
          <span className="font-medium">{name}</span>
          <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)} className="text-muted-foreground">
            {isToday(message.createdAt) ? formatTime(message.createdAt) : formatDateTime(message.createdAt)}
          </time>
        </div>
        <p
          className={cn(
            "mt-1 rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap",
            own ? "bg-primary text-primary-foreground" : "bg-muted text-foreground",
          )}
        >
          {message.content}
        </p>
      </div>
    </li>
  );
}
