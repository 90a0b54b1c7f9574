/** Where a stored file's bytes are: one route, behind the same access check as its record. */
export const fileHref = (id: string) => `/api/files/${id}`;
