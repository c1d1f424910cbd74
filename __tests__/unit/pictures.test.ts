import { render } from '@testing-library/react';
import { createElement } from 'react';
import { isResizable, pictureSource, pictureWidthFor, variantUrl } from '../../common/picture';
import { pictureTemplate, readPictureTemplate, setPictureTemplate } from '../../src/shared/config/pictures';
import { Picture } from '../../src/shared/ui/picture';

const PHOTO = 'https://shop.example/media/catalog/product-8.jpg';

describe('the URL of a picture at a width, through a deployment image-URL template', () => {
  it("asks the reference server for its own variant, with & when the picture's URL has a query", () => {
    expect(variantUrl(PHOTO, 320, '{url}?w={width}')).toBe(`${PHOTO}?w=320`);
    expect(variantUrl(`${PHOTO}?v=3`, 320, '{url}?w={width}')).toBe(`${PHOTO}?v=3&w=320`);
    // A root-relative URL stays on the page's own origin.
    expect(variantUrl('/media/uploads/a.jpg', 160, '{url}?w={width}')).toBe('/media/uploads/a.jpg?w=160');
  });

  it('writes imgproxy, Thumbor and object-store addresses as their documentation does', () => {
    expect(variantUrl(PHOTO, 640, 'https://img.example.com/insecure/rs:fit:{width}:0/plain/{url_encoded}')).toBe(
      'https://img.example.com/insecure/rs:fit:640:0/plain/https%3A%2F%2Fshop.example%2Fmedia%2Fcatalog%2Fproduct-8.jpg',
    );
    expect(variantUrl(PHOTO, 640, 'https://thumbor.example.com/unsafe/{width}x0/{url}')).toBe(
      `https://thumbor.example.com/unsafe/640x0/${PHOTO}`,
    );
    expect(variantUrl(PHOTO, 160, '{url}?x-oss-process=image/resize,w_{width}')).toBe(
      `${PHOTO}?x-oss-process=image/resize,w_160`,
    );
    expect(variantUrl('/media/a.jpg', 160, 'https://cdn.example.com{path}?width={width}', 'https://shop.example')).toBe(
      'https://cdn.example.com/media/a.jpg?width=160',
    );
  });

  it('leaves drawings, local previews and URLs without a template as they are', () => {
    for (const url of [
      'https://shop.example/media/banner/1.svg',
      'data:image/png;base64,AAAA',
      'blob:https://shop.example/1',
    ]) {
      expect(isResizable(url)).toBe(false);
      expect(variantUrl(url, 320, '{url}?w={width}')).toBe(url);
      expect(pictureSource(url, { sizes: '72px', fallbackWidth: 144 }, '{url}?w={width}')).toEqual({ src: url });
    }
    expect(pictureSource(PHOTO, { sizes: '72px', fallbackWidth: 144 }, undefined)).toEqual({ src: PHOTO });
  });

  it('offers every width to the browser, and the next one up to a browser that ignores srcset', () => {
    expect(pictureWidthFor(144)).toBe(160);
    expect(pictureWidthFor(176)).toBe(320);
    expect(pictureWidthFor(3000)).toBe(1280);
    expect(pictureSource(PHOTO, { sizes: '72px', fallbackWidth: 144 }, '{url}?w={width}')).toEqual({
      src: `${PHOTO}?w=160`,
      srcSet: `${PHOTO}?w=160 160w, ${PHOTO}?w=320 320w, ${PHOTO}?w=640 640w, ${PHOTO}?w=1280 1280w`,
      sizes: '72px',
    });
  });
});

describe("the SPA's template: the document's, remembered for the offline shell", () => {
  const page = (meta: string | null) => {
    const doc = document.implementation.createHTMLDocument('shop');
    if (meta !== null) doc.head.innerHTML = `<meta name="picture-url-template" content="${meta}">`;
    return doc;
  };
  beforeEach(() => localStorage.clear());
  afterAll(() => setPictureTemplate(undefined));

  it("takes the server's template, and keeps it for a page the service worker answered with its shell", () => {
    readPictureTemplate(page('{url}?w={width}'));
    expect(pictureTemplate()).toBe('{url}?w={width}');
    readPictureTemplate(page(null));
    expect(pictureTemplate()).toBe('{url}?w={width}');
  });

  it('uses pictures as they come when the server writes an empty template, even after one was kept', () => {
    readPictureTemplate(page('{url}?w={width}'));
    readPictureTemplate(page(''));
    expect(pictureTemplate()).toBeUndefined();
    readPictureTemplate(page(null));
    expect(pictureTemplate()).toBeUndefined();
  });

  it('draws a 72 px photograph with every width and sizes=72px, a drawing with its one URL', () => {
    setPictureTemplate('{url}?w={width}');
    const { container } = render(
      createElement('div', null, [
        createElement(Picture, { key: 'photo', src: PHOTO, drawn: 72, alt: '', width: 72, height: 72 }),
        createElement(Picture, {
          key: 'drawing',
          src: 'https://shop.example/media/product/8.svg',
          drawn: 'gallery',
          alt: '',
        }),
      ]),
    );
    const [photo, drawing] = Array.from(container.querySelectorAll('img'));
    expect(photo?.getAttribute('src')).toBe(`${PHOTO}?w=160`);
    expect(photo?.getAttribute('sizes')).toBe('72px');
    expect(photo?.getAttribute('srcset')).toContain(`${PHOTO}?w=1280 1280w`);
    expect(drawing?.getAttribute('src')).toBe('https://shop.example/media/product/8.svg');
    expect(drawing?.hasAttribute('srcset')).toBe(false);
  });
});
