/**
 * Cache Storage as the browser keeps it, in memory, for the tests of what the
 * portal keeps on the device (jsdom has none): `open`, `delete` and `keys` of
 * the storage; `put`, `match`, `delete` and `keys` of a cache.
 */
export function fakeCacheStorage() {
  const stores = new Map<string, Map<string, string>>();
  const key = (request: RequestInfo | URL) =>
    new URL(typeof request === 'string' || request instanceof URL ? request : request.url, 'http://localhost')
      .href;
  const cacheOf = (entries: Map<string, string>) => ({
    put: async (request: RequestInfo | URL, response: Response) => {
      entries.set(key(request), await response.text());
    },
    match: async (request: RequestInfo | URL) => {
      const body = entries.get(key(request));
      return body === undefined ? undefined : new Response(body);
    },
    delete: async (request: RequestInfo | URL) => entries.delete(key(request)),
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
  });
  return {
    stores,
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name)!);
    },
    delete: async (name: string) => stores.delete(name),
    keys: async () => [...stores.keys()],
    has: async (name: string) => stores.has(name),
  };
}
