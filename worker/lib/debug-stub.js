// The `debug` package, silenced: file-type's ZIP reader (@tokenizer/inflate) logs through it,
// and in a worker nothing would read those lines. Aliased in wrangler.toml ([alias]); the real
// package and its Node dependencies (tty, supports-color) cost ≈ 9 KB of the bundle.
export default function debug() {
  const log = () => {};
  log.enabled = false;
  log.extend = () => log;
  return log;
}
