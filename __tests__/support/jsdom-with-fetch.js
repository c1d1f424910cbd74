// jsdom has no fetch. Node's fetch, with Node's own Request/Response/Headers/AbortController (they
// must come from the same implementation), lets RTK Query talk to a real reference server.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    // jsdom's XMLHttpRequest (uploads with progress) serializes only jsdom's own FormData; the app's
    // FormData is Node's (below, for fetch). Node encodes its multipart body itself, then jsdom sends
    // the bytes: the wire format is what a browser sends.
    const send = g.XMLHttpRequest.prototype.send;
    g.XMLHttpRequest.prototype.send = function sendNodeFormData(body) {
      if (!(body instanceof FormData)) return send.call(this, body);
      const encoded = new Response(body);
      void encoded.arrayBuffer().then((bytes) => {
        this.setRequestHeader('Content-Type', encoded.headers.get('content-type'));
        send.call(this, new Uint8Array(bytes));
      });
    };
    g.fetch = fetch;
    g.Request = Request;
    g.Response = Response;
    g.Headers = Headers;
    g.AbortController = AbortController;
    g.AbortSignal = AbortSignal;
    // Node's FormData cannot read a form element, which React 19 does (FormData(form, submitter)) when
    // a navigation starts inside a submit event: jsdom reads the form, Node's FormData carries it.
    const JsdomFormData = g.FormData;
    g.FormData = class FormDataOfForms extends FormData {
      constructor(form, submitter) {
        super();
        if (form === undefined) return;
        for (const [name, value] of new JsdomFormData(form, submitter)) {
          // Text fields only: the app sends files through src/api/upload.ts, never by reading a form.
          if (typeof value === 'string') this.append(name, value);
        }
      }
    };
    g.Blob = Blob;
    g.File = File;
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    g.structuredClone = structuredClone;
    g.setImmediate = setImmediate;
    g.clearImmediate = clearImmediate;
    // jsdom's XMLHttpRequest enforces CORS like a browser, and the reference server (like the
    // production setup) serves the SPA and the API from one origin, so it sends no CORS headers. Tests
    // of XHR uploads move the page to the server's origin with this. jsdom's reconfigure updates the
    // document's origin; its XHR reads the window's (an internal field, set to match).
    g.__setPageUrl = (url) => {
      this.dom.reconfigure({ url });
      this.dom.window._origin = new URL(url).origin;
    };
  }
}

module.exports = JsdomWithFetch;
