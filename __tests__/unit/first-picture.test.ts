import { firstPictureFor, rememberFirstPicture } from '../../src/shared/lib/first-picture';

/** A document as the server writes it for a route with a picture (server/src/web/preload.ts). */
function documentWithFrame(src: string | null): Document {
  const doc = document.implementation.createHTMLDocument('shop');
  doc.body.innerHTML = `<div id="app"><div class="app-frame app-frame--home" aria-hidden="true">${
    src === null ? '' : `<img class="app-frame__picture" src="${src}" alt="" data-lcp-picture />`
  }</div></div>`;
  return doc;
}

describe("the picture the server drew in the app frame, kept for the first screen's loading state", () => {
  it('is offered to the page the app was opened at, and / counts as /home', () => {
    rememberFirstPicture(documentWithFrame('https://shop.example/media/banner/1.jpg'), '/');
    expect(firstPictureFor('/home')).toBe('https://shop.example/media/banner/1.jpg');
    expect(firstPictureFor('/home/')).toBe('https://shop.example/media/banner/1.jpg');

    rememberFirstPicture(documentWithFrame('https://shop.example/media/product/8.jpg'), '/detail/8/4');
    expect(firstPictureFor('/detail/8/4')).toBe('https://shop.example/media/product/8.jpg');
  });

  it('is never offered to another page: after a navigation it would show the wrong product', () => {
    rememberFirstPicture(documentWithFrame('https://shop.example/media/product/8.jpg'), '/detail/8/4');
    expect(firstPictureFor('/detail/9/4')).toBeUndefined();
    expect(firstPictureFor('/home')).toBeUndefined();
  });

  it('is nothing when the document drew no picture (other routes, or the offline shell)', () => {
    rememberFirstPicture(documentWithFrame(null), '/home');
    expect(firstPictureFor('/home')).toBeUndefined();
  });
});
