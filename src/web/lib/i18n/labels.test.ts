import { describe, expect, it } from "vitest";
import { companyRoleLabels, invoiceStatusLabels, mailStatusLabels, paymentMethodLabels, projectStatusLabels, ticketPriorityLabels, ticketStatusLabels } from "@/shared/enums";
import { apiTokenScopeLabels } from "@/shared/rules/api-token";
import { auditKindLabels } from "@/shared/rules/audit";
import { inboundDropReasonLabels, inboundPostingLabels } from "@/shared/rules/inbound";
import { mailDeliveryLabels, notificationKindLabels } from "@/shared/rules/notifications";
import { userStatusLabels } from "@/shared/rules/user";
import { webhookDeliveryStatusLabels, webhookEventLabels } from "@/shared/rules/webhooks";
import * as adminMessages from "./admin-labels";
import * as customerMessages from "./labels";

const messages = { ...customerMessages, ...adminMessages };

/** Each catalogue map beside the shared labels it translates. */
const pairs = {
  projectStatus: [messages.projectStatusMessages, projectStatusLabels],
  ticketStatus: [messages.ticketStatusMessages, ticketStatusLabels],
  ticketPriority: [messages.ticketPriorityMessages, ticketPriorityLabels],
  invoiceStatus: [messages.invoiceStatusMessages, invoiceStatusLabels],
  paymentMethod: [messages.paymentMethodMessages, paymentMethodLabels],
  mailStatus: [messages.mailStatusMessages, mailStatusLabels],
  companyRole: [messages.companyRoleMessages, companyRoleLabels],
  apiTokenScope: [messages.apiTokenScopeMessages, apiTokenScopeLabels],
  auditKind: [messages.auditKindMessages, auditKindLabels],
  userStatus: [messages.userStatusMessages, userStatusLabels],
  mailDelivery: [messages.mailDeliveryMessages, mailDeliveryLabels],
  notificationKind: [messages.notificationKindMessages, notificationKindLabels],
  webhookEvent: [messages.webhookEventMessages, webhookEventLabels],
  webhookDeliveryStatus: [messages.webhookDeliveryStatusMessages, webhookDeliveryStatusLabels],
  inboundPosting: [messages.inboundPostingMessages, inboundPostingLabels],
  inboundDropReason: [messages.inboundDropReasonMessages, inboundDropReasonLabels],
} as const;

describe("enum labels in the catalogue (labels.ts, and admin-labels.ts for the admin screens' own)", () => {
  it("covers every map of both files", () => {
    expect(Object.keys(pairs).map((name) => `${name}Messages`).sort()).toEqual(Object.keys(messages).sort());
  });

  it.each(Object.entries(pairs))("%s: the English message of each value is its shared label, word for word", (_name, [catalogue, shared]) => {
    const english = Object.fromEntries(Object.entries(catalogue).map(([value, descriptor]) => [value, descriptor.message]));
    expect(english).toEqual(shared);
  });
});
