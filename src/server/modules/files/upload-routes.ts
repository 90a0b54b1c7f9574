/**
 * The routes that take a file (multipart/form-data) instead of JSON, as the API's middleware sees
 * them, before routing (http/security.ts: their own CSRF rule, no JSON body limit). Kept in one
 * list so the security tests walk the same ones (test/security/matrix.ts).
 */
export const UPLOAD_ROUTES = [
  "POST /api/tickets/:id/files",
  "POST /api/tickets/:id/comments/:commentId/files",
  "POST /api/projects/:id/comments/:commentId/files",
  "POST /api/messages/:id/files",
  "PUT /api/invoices/:id/pdf",
] as const;

const matchers = UPLOAD_ROUTES.map((route) => {
  const [method, path] = route.split(" ") as [string, string];
  return { method, pattern: new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}/?$`) };
});

/** Whether `method` `path` (the full path, /api/…) is an upload route. */
export const isUploadRequest = (method: string, path: string) => matchers.some((matcher) => matcher.method === method && matcher.pattern.test(path));
