import { Trans, useLingui } from "@lingui/react/macro";
import { Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";

/**
 * The signing secret of a new endpoint or a rotation, shown once: the server keeps it encrypted
 * and never answers it again. Closing the dialog forgets it.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const { t } = useLingui();
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent
        title={t`Signing secret`}
        description={t`Copy it now: it is not shown again. Your receiver verifies each webhook's signature with it (Standard Webhooks).`}
      >
        <div className="space-y-4">
          <div className="flex gap-2">
            <Input readOnly aria-label={t`Signing secret`} value={secret ?? ""} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden />
              {copied ? t`Copied` : t`Copy`}
            </Button>
          </div>
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button>
                <Trans>Done</Trans>
              </Button>
            </DialogClose>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
