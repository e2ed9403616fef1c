import { describe, expect, it } from 'vitest';
import { acceptedEncoding, literalPrefix, pathMatcher } from '../../scripts/lib/server';

/** URLPattern's own answer, the reference the compiled matcher must agree with. */
function reference(pattern: string, pathname: string) {
  const m = new URLPattern({ pathname: pattern }).exec({ pathname });
  return m ? Object.fromEntries(Object.entries(m.pathname.groups).filter(([, v]) => v !== undefined)) : null;
}

describe('local server path matching', () => {
  const patterns = ['/api/doctors/:id/schedules', '/api/doctors/:id/telemedicine-schedules', '/api/services/schedules', '/api/og-images/:type/', '/api/openapi.json', '/api/hospitals/:id/phone', '/api/files/*'];
  const paths = [
    '/api/doctors/12/schedules', '/api/doctors/12/schedules/', '/api/doctors//schedules', '/api/doctors/a%20b/schedules', '/api/doctors/12/telemedicine-schedules',
    '/api/services/schedules', '/api/servicesXschedules', '/api/og-images/doctor/', '/api/og-images/doctor', '/api/openapi.json', '/api/openapiXjson',
    '/api/hospitals/7/phone', '/api/hospitals/7/8/phone', '/api/files/a/b.png', '/other',
  ];

  it('answers as URLPattern does for every declared path shape', () => {
    for (const pattern of patterns) for (const p of paths) expect([pattern, p, pathMatcher(pattern)(p)]).toEqual([pattern, p, reference(pattern, p)]);
  });

  it('starts every match with the literal prefix of its pattern', () => {
    expect(literalPrefix('/api/doctors/:id/schedules')).toBe('/api/doctors/');
    expect(literalPrefix('/api/health')).toBe('/api/health');
  });
});

describe('local server compression', () => {
  it('answers Brotli, else gzip, as the client accepts, and nothing it refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
