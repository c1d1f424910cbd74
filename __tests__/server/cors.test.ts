/** @jest-environment node */
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

// The backend family's own client is served from another origin and calls the API directly
// (BACKEND-FAMILY.md): a browser lets it only when the server answers CORS.
describe('Cross-origin access to the API', () => {
  let server: TestServer;
  afterEach(async () => {
    await server.stop();
  });

  it('answers a preflight for a POST with the token and lang headers from another origin', async () => {
    server = await startTestServer();
    const res = await fetch(`${server.baseUrl}/api/cart/add`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,token,lang',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,token,lang');
  });

  it('lets a page of another origin read an answer, and the replay header', async () => {
    server = await startTestServer();
    const res = await fetch(`${server.baseUrl}/api/index/banner`, { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toBe('Idempotent-Replayed');
    expect(((await res.json()) as { code: number }).code).toBe(1);
  });

  it('allows only the listed origins when CORS_ORIGIN names them', async () => {
    server = await startTestServer({ corsOrigins: ['https://shop.example'] });
    const allowed = await fetch(`${server.baseUrl}/api/index/banner`, { headers: { origin: 'https://shop.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    const other = await fetch(`${server.baseUrl}/api/index/banner`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds no CORS headers to the SPA pages and images', async () => {
    server = await startTestServer();
    const res = await fetch(`${server.baseUrl}/media/logo.svg`, { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
