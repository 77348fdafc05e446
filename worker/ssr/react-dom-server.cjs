'use strict';
// `react-dom/server` for the worker bundle (wrangler.toml [alias]): React's workerd entry
// (react-dom/server.edge.js) requires BOTH its streaming renderer and the legacy one, and a
// CommonJS require is never tree-shaken, so ≈110 KB of minified renderToReadableStream code
// nobody calls (≈34 KB gzip) sat in the bundle. Every caller uses renderToString /
// renderToStaticMarkup, which server.edge.js takes from the legacy build: this is the same
// code without the dead half. (The exports map hides cjs/, hence the relative path.)
var l =
  process.env.NODE_ENV === 'production'
    ? require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js')
    : require('../../node_modules/react-dom/cjs/react-dom-server-legacy.browser.development.js');

exports.version = l.version;
exports.renderToString = l.renderToString;
exports.renderToStaticMarkup = l.renderToStaticMarkup;
