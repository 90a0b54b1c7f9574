/**
 * What a browser does at the local provider (local-oidc-provider.ts) between Portico's redirect
 * there and the provider's redirect back: follows its redirects with its own cookies, fills in its
 * login page and submits it, and stops at the first redirect to `redirectUri`, whose URL (with
 * `code`, `state` and `iss`) it answers without following.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.href.startsWith(`${redirectUri}?`)) return url;
    const response = await send(url, init);
    init = {};
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action || !page.includes('name="login"')) throw new Error(`The provider answered ${response.status} without a login form: ${page.slice(0, 300)}`);
    url = new URL(action.replaceAll("&amp;", "&"), url);
    init = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ prompt: "login", login, password: "any password" }).toString() };
  }
  throw new Error("The provider never sent the browser back");
}
