import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "@/web/lib/toast";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/input";
import { CompanySelect } from "@/web/features/companies";
import { sendOnEnter } from "../../lib/send-on-enter";
import { useTeamMessage } from "./use-team-message";

/** Writes to any company, including one that has no conversation yet. */
export function NewConversationForm() {
  const [companyId, setCompanyId] = useState("");
  const [text, setText] = useState("");
  const send = useTeamMessage();

  const submit = async () => {
    if (send.isPending) return;
    const content = text.trim();
    if (!companyId || !content) {
      toast.error("Please select a company and enter a message", { id: "new-conversation-invalid" });
      return;
    }
    if (await send.sendTo(companyId, content)) {
      setText("");
      setCompanyId("");
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = sendOnEnter(() => void submit());

  return (
    <Card>
      <CardHeader>
        <CardTitle>Start a new conversation</CardTitle>
        <CardDescription>Write to any customer company.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto] md:items-end">
          <Field id="new-conversation-company" label="Company">
            <CompanySelect id="new-conversation-company" value={companyId} onChange={setCompanyId} />
          </Field>
          <Field id="new-conversation-message" label="Message">
            <Textarea
              id="new-conversation-message"
              rows={1}
              value={text}
              readOnly={send.isPending}
              placeholder="Type your message... (Enter sends)"
              className="resize-none"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
            />
          </Field>
          <Button type="submit" disabled={send.isPending}>
            <Send className="h-4 w-4" aria-hidden />
            {send.isPending ? "Sending..." : "Send"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
