// The local ceiling: a bare worker that returns a fixed string, run in the same workerd
// as Adloom so that every route is measured as a ratio of what workerd itself can do.
export default {
  fetch() {
    return new Response('ok', { headers: { 'content-type': 'text/plain' } });
  },
};
