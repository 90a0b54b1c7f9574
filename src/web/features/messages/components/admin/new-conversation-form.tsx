import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { toast } from "@/web/lib/toast";
import { TitledCard } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { CompanySelect } from "@/web/features/companies";
import { FilePicker, UploadStatus } from "@/web/features/files";
import { MessageForm, MessageTextarea, SendButton } from "../message-form";
import { useTeamMessageWithFiles } from "./use-team-message";

/** Writes to any company, including one that has no conversation yet; `onSent` then opens it. */
export function NewConversationForm({ onSent }: { onSent?: (companyId: string) => void }) {
  const { t } = useLingui();
  const [companyId, setCompanyId] = useState("");
  const [text, setText] = useState("");
  const send = useTeamMessageWithFiles();

  const submit = async () => {
    if (send.busy) return;
    const content = text.trim();
    if (!companyId || !content) {
      toast.error(t`Please select a company and enter a message`, { id: "new-conversation-invalid" });
      return;
    }
    await send.sendTo(companyId, content, () => {
      setText("");
      setCompanyId("");
      onSent?.(companyId);
    });
  };

  const onSend = () => void submit();

  return (
    <TitledCard title={<Trans>Start a new conversation</Trans>} description={<Trans>Write to any customer company.</Trans>}>
      <MessageForm onSend={onSend} className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto] md:items-end">
        <Field id="new-conversation-company" label={t`Company`}>
          <CompanySelect id="new-conversation-company" value={companyId} onChange={setCompanyId} />
        </Field>
        <Field id="new-conversation-message" label={t`Message`}>
          <MessageTextarea
            id="new-conversation-message"
            rows={1}
            value={text}
            onValueChange={setText}
            onSend={onSend}
            sending={send.busy}
            placeholder={t`Type your message... (Enter sends)`}
          />
        </Field>
        <SendButton sending={send.busy} />
        <div className="md:col-span-3">
          <FilePicker files={send.files} onChange={send.setFiles} disabled={send.busy} compact />
          <UploadStatus status={send.uploadStatus} />
        </div>
      </MessageForm>
    </TitledCard>
  );
}
