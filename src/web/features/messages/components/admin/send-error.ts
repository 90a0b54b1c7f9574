import { problemDetail } from "@/web/lib/api";

/** 'Error sending message' with the server's message when it gave one (spec section 8, DESIGN D10). */
export function sendErrorText(error: unknown): string {
  const detail = problemDetail(error);
  return detail ? `Error sending message: ${detail}` : "Error sending message";
}
