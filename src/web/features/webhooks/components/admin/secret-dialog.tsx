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
      <DialogContent title="Signing secret" description="Copy it now: it is not shown again. Your receiver verifies each webhook's signature with it (Standard Webhooks).">
        <div className="space-y-4">
          <div className="flex gap-2">
            <Input readOnly aria-label="Signing secret" value={secret ?? ""} className="font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden />
              {copied ? "Copied" : "Copy"}
            </Button>
          </div>
          <div className="flex justify-end">
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
