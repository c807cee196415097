// The site frames a game provider's page and shows its tiles' pictures (issue 23): the CSP names
// the configured providers' origins in frame-src and img-src, and frames nothing else.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { providerOrigins, securityHeadersPlugin } from '../src/plugins/security-headers.ts';

async function cspWith(frameOrigins?: readonly string[]) {
  const app = Fastify();
  await app.register(securityHeadersPlugin, { https: false, ...(frameOrigins ? { frameOrigins } : {}) });
  app.get('/', async () => 'ok');
  const r = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  const csp = String(r.headers['content-security-policy']);
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));
  return { csp, directive };
}

describe('CSP for game providers', () => {
  it("frames only this site and the providers' origins, and shows their pictures", async () => {
    const origins = providerOrigins([
      'http://127.0.0.1:8090/',
      'https://games.example.com/api/v1',
      'http://127.0.0.1:8090',
    ]);
    expect(origins).toEqual(['http://127.0.0.1:8090', 'https://games.example.com']);
    const { directive } = await cspWith(origins);
    expect(directive('frame-src')).toBe("frame-src 'self' http://127.0.0.1:8090 https://games.example.com");
    // Pictures from this site and the providers only (issue 40: it allowed every https host).
    expect(directive('img-src')).toBe(
      "img-src 'self' data: blob: http://127.0.0.1:8090 https://games.example.com",
    );
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('without providers, frames only this site', async () => {
    const { directive } = await cspWith();
    expect(directive('frame-src')).toBe("frame-src 'self'");
    expect(directive('img-src')).toBe("img-src 'self' data: blob:");
  });
});
