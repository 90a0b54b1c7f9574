import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type FormEvent } from "react";
import { DECLINE_REASON_MAX, SIGNER_NAME_MAX } from "@/shared/rules/quote";
import { Button, SubmitButton } from "@/web/components/ui/button";
import { Dialog, DialogCancel, DialogContent, DialogTrigger } from "@/web/components/ui/dialog";
import { errorAria, Field } from "@/web/components/ui/field";
import { Input, Textarea } from "@/web/components/ui/input";
import { ProblemBox } from "@/web/components/ui/problem-box";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useAcceptQuote, useDeclineQuote } from "../api/use-answer-quote";
import { acceptanceProblems, type AcceptanceField, type AcceptanceProblem } from "../lib/quote-rules";
import type { QuoteDetail } from "./quote-body";
import { SignaturePad } from "./signature-pad";

/** The server's words for each refusal of the accept form (quote-rules.test.ts holds them to quoteMessages). */
export const acceptanceMessages: Record<AcceptanceProblem, MessageDescriptor> = {
  signerName: msg`Type your full name`,
  signerNameTooLong: msg`Your name must be at most 200 characters`,
  signature: msg`Sign with a PNG or JPEG image of at most 200 KB`,
  acceptTick: msg`Tick “I accept” to accept the quote`,
};

/**
 * The owner's "Accept quote": their full name, a signature (drawn, or the name typed and drawn),
 * the tick, and "Accept and sign". Checked here by the server's rules first; a refusal of the
 * server's (the quote expired meanwhile) is shown above the button.
 */
function AcceptForm({ quote }: { quote: QuoteDetail }) {
  const { t, i18n } = useLingui();
  const accept = useAcceptQuote();
  const [signerName, setSignerName] = useState("");
  const [signature, setSignature] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string>();
  const problems = submitted ? acceptanceProblems({ signerName, signature, accepted }) : {};
  const message = (field: AcceptanceField) => {
    const problem = problems[field];
    return problem ? i18n._(acceptanceMessages[problem]) : undefined;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    const found = acceptanceProblems({ signerName, signature, accepted });
    const first = (["signerName", "signature", "accept"] as const).find((field) => found[field]);
    if (first || !signature) {
      document.getElementById(first === "signerName" ? "quote-signer-name" : first === "accept" ? "quote-accept" : "quote-signature-type")?.focus();
      return;
    }
    try {
      await accept.mutateAsync({ id: quote.id, body: { signerName: signerName.trim(), signature, accept: true } });
      toast.success(t`Quote accepted`);
    } catch (error) {
      console.error("Error accepting quote", error);
      setFailure(errorMessage(error, t`The quote could not be accepted`));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-labelledby="quote-accept-heading">
      <h2 id="quote-accept-heading" className="text-lg font-semibold">
        <Trans>Accept quote</Trans>
      </h2>
      <Field id="quote-signer-name" label={t`Full name`} required error={message("signerName")}>
        <Input
          id="quote-signer-name"
          autoComplete="name"
          maxLength={SIGNER_NAME_MAX}
          value={signerName}
          onChange={(event) => setSignerName(event.target.value)}
          aria-required
          {...errorAria("quote-signer-name", message("signerName"))}
        />
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          <Trans>Signature *</Trans>
        </legend>
        <p id="quote-signature-hint" className="text-xs text-muted-foreground">
          <Trans>Draw your signature with a mouse, pen or finger, or choose "Type instead" to sign with your typed name.</Trans>
        </p>
        <SignaturePad typedName={signerName} onChange={setSignature} invalid={!!problems.signature} describedBy={problems.signature ? "quote-signature-hint quote-signature-error" : "quote-signature-hint"} />
        {problems.signature ? (
          <p id="quote-signature-error" role="alert" className="text-sm text-destructive">
            {message("signature")}
          </p>
        ) : null}
      </fieldset>
      <div>
        {/* The label is the checkbox's tap target: a full 44 px row on a phone (WCAG 2.5.5). */}
        <label htmlFor="quote-accept" className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            id="quote-accept"
            type="checkbox"
            className="h-4 w-4 accent-primary"
            checked={accepted}
            onChange={(event) => setAccepted(event.target.checked)}
            {...errorAria("quote-accept", problems.accept)}
          />
          <Trans>I accept this quote</Trans>
        </label>
        {problems.accept ? (
          <p id="quote-accept-error" role="alert" className="text-sm text-destructive">
            {message("accept")}
          </p>
        ) : null}
      </div>
      {failure ? <ProblemBox>{failure}</ProblemBox> : null}
      <SubmitButton label={t`Accept and sign`} workingLabel={t`Accepting...`} isSubmitting={accept.isPending} />
    </form>
  );
}

/** "Decline" and its dialog: an optional reason, then "Decline quote". */
function DeclineDialog({ quote }: { quote: QuoteDetail }) {
  const { t } = useLingui();
  const decline = useDeclineQuote();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string>();
  const quoteNumber = quote.quoteNumber;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setFailure(undefined);
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await decline.mutateAsync({ id: quote.id, body: { reason: reason.trim() || null } });
      toast.success(t`Quote ${quoteNumber} declined`);
      setOpen(false);
    } catch (error) {
      console.error("Error declining quote", error);
      setFailure(errorMessage(error, t`The quote could not be declined`));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Trans>Decline</Trans>
        </Button>
      </DialogTrigger>
      <DialogContent title={t`Decline quote ${quoteNumber}?`} description={t`The team is told that you declined it. You cannot accept it afterwards.`}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <Field id="quote-decline-reason" label={t`Reason (optional)`}>
            <Textarea id="quote-decline-reason" maxLength={DECLINE_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
          </Field>
          {failure ? <ProblemBox>{failure}</ProblemBox> : null}
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <SubmitButton variant="destructive" label={t`Decline quote`} workingLabel={t`Declining...`} isSubmitting={decline.isPending} />
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What an owner may do with a sent quote that has not expired: accept it with a signature, or decline it. */
export function AnswerQuote({ quote }: { quote: QuoteDetail }) {
  return (
    <div className="space-y-6">
      <AcceptForm quote={quote} />
      <div className="border-t border-border pt-4">
        <DeclineDialog quote={quote} />
      </div>
    </div>
  );
}
