// Stands in for Cloudflare's edge in front of the worker, for the Lighthouse runs only:
// in production the edge compresses responses (and the asset service serves compressed
// files), so the lab vitals are taken with compression like real visitors get.
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

export default {
  async fetch(request, env) {
    const response = await env.ADLOOM.fetch(request);
    const type = response.headers.get('content-type') ?? '';
    const accepts = request.headers.get('accept-encoding') ?? '';
    if (!COMPRESSIBLE.test(type) || !/\bgzip\b/.test(accepts) || response.headers.has('content-encoding') || !response.body) return response;
    const headers = new Headers(response.headers);
    headers.set('content-encoding', 'gzip');
    headers.delete('content-length');
    // With Content-Encoding set and a plain body, workerd compresses on the way out.
    return new Response(response.body, { status: response.status, headers });
  },
};
