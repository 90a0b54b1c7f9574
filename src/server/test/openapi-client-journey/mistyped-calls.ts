/*
 * Calls the generated client must refuse: compiled with journey.ts by openapi-client.test.ts. Each
 * `@ts-expect-error` fails the compile if its line is accepted, so these prove the types bite.
 */
import createClient from "openapi-fetch";
import type { paths } from "./portico-api";

export async function mistypedCalls() {
  const client = createClient<paths>({ baseUrl: "http://127.0.0.1/api" });
  // @ts-expect-error a path the document does not have
  await client.GET("/ticket");
  // @ts-expect-error the ticket id is missing
  await client.GET("/tickets/{id}", {});
  // @ts-expect-error a comment's field is `content`
  await client.POST("/tickets/{id}/comments", { params: { path: { id: "x" } }, body: { text: "Hello" } });
  // @ts-expect-error sign-in needs a password
  await client.POST("/auth/sign-in/email", { body: { email: "a@example.test" } });
  // @ts-expect-error not a ticket status
  await client.GET("/tickets", { params: { query: { status: "open" } } });
  const { data } = await client.GET("/tickets");
  // @ts-expect-error a ticket has a title, no name
  return data?.items[0]?.name;
}
