// What workerd itself can do with a real page: the first request for a path fetches Adloom's
// response (bytes and headers, without its cookie), and every request after that gets that
// copy back with no work at all. A route's req/s ÷ this copy's says how much of the gap to the
// bare baseline is Adloom's code and how much is sending the page (headers, bytes).
const copies = new Map();

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    let copy = copies.get(pathname);
    if (!copy) {
      // Concurrent first requests each fetch their own (no promise shared across requests).
      const response = await env.ADLOOM.fetch(new Request(request.url, { headers: request.headers }));
      const headers = new Headers(response.headers);
      headers.delete('set-cookie');
      copy = { body: new Uint8Array(await response.arrayBuffer()), headers: [...headers], status: response.status };
      copies.set(pathname, copy);
    }
    return new Response(copy.body, { status: copy.status, headers: copy.headers });
  },
};
