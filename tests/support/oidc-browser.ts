/**
 * Walks a browser's way through the local OpenID provider's own screens (oidc-provider's
 * development interactions: a sign-in form, then a consent screen), following its redirects with a
 * cookie jar, until it sends the browser back to the app. Answers that callback URL, untouched.
 */
export async function throughProvider(
  authorizationUrl: string,
  options: { redirectUri: string; login: string; consent?: 'allow' | 'deny' },
): Promise<URL> {
  const cookies = new Map<string, string>();
  let request: { url: string; method: 'GET' | 'POST'; form?: URLSearchParams } = {
    url: authorizationUrl,
    method: 'GET',
  };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, {
      method: request.method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.form ? { body: request.form.toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) cookies.set(name, value);
      else cookies.delete(name);
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.href.startsWith(options.redirectUri)) return next;
      request = { url: next.href, method: 'GET' };
      continue;
    }
    const page = await response.text();
    if (response.status !== 200)
      throw new Error(`provider answered ${response.status}: ${page.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt) throw new Error(`not a provider screen: ${page.slice(0, 300)}`);
    if (prompt === 'consent' && options.consent === 'deny') {
      const abort = /href="([^"]*\/abort)"/.exec(page)?.[1];
      if (!abort) throw new Error('the consent screen has no cancel link');
      request = { url: new URL(abort, request.url).href, method: 'GET' };
      continue;
    }
    const form =
      prompt === 'login'
        ? new URLSearchParams({ prompt, login: options.login, password: 'any password' })
        : new URLSearchParams({ prompt });
    request = { url: new URL(action, request.url).href, method: 'POST', form };
  }
  throw new Error('the provider never sent the browser back');
}
