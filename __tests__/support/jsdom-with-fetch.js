// jsdom has no fetch. Node's fetch, with Node's own Request/Response/Headers/AbortController (they
// must come from the same implementation), lets RTK Query talk to a real reference server.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    g.fetch = fetch;
    g.Request = Request;
    g.Response = Response;
    g.Headers = Headers;
    g.AbortController = AbortController;
    g.AbortSignal = AbortSignal;
    g.FormData = FormData;
    g.Blob = Blob;
    g.File = File;
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    g.structuredClone = structuredClone;
    g.setImmediate = setImmediate;
    g.clearImmediate = clearImmediate;
  }
}

module.exports = JsdomWithFetch;
