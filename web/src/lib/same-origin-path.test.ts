import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path';

/** Where a browser on http://admin.example.com goes for a redirect to `location`. */
const resolved = (location: string) => new URL(location, 'http://admin.example.com/admin/x');

describe('sameOriginPath', () => {
  it('keeps an ordinary path', () => {
    expect(sameOriginPath('leads')).toBe('/leads');
    expect(sameOriginPath('/leads')).toBe('/leads');
    expect(sameOriginPath('employees/departments')).toBe('/employees/departments');
    expect(sameOriginPath('')).toBe('/');
    expect(sameOriginPath('/')).toBe('/');
  });

  it('collapses leading slashes and backslashes, so the target is never another host', () => {
    expect(sameOriginPath('/evil.example/login')).toBe('/evil.example/login');
    expect(sameOriginPath('//evil.example/login')).toBe('/evil.example/login');
    expect(sameOriginPath('\\evil.example')).toBe('/evil.example');
    expect(sameOriginPath('/\\/\\evil.example')).toBe('/evil.example');
  });

  it('collapses their percent-encoded forms too, however often encoded', () => {
    expect(sameOriginPath('%2F%2Fevil.example')).toBe('/evil.example');
    expect(sameOriginPath('%2f%5cevil.example')).toBe('/evil.example');
    expect(sameOriginPath('/%252F%252Fevil.example')).toBe('/evil.example');
  });

  it('drops the tabs and line breaks a browser removes from a URL before reading it', () => {
    expect(sameOriginPath('/\t/evil.example')).toBe('/evil.example');
    expect(sameOriginPath('\n//evil.example')).toBe('/evil.example');
    expect(sameOriginPath('%09%2F%0D%0A/evil.example')).toBe('/evil.example');
  });

  it('answers a path on this origin for anything', () => {
    const attempts = ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example', '%2F%2Fevil.example', '/%5C%5Cevil.example', ' //evil.example', '/\t\\evil.example'];
    for (const attempt of attempts) {
      const target = resolved(sameOriginPath(attempt));
      expect(target.origin, attempt).toBe('http://admin.example.com');
    }
  });
});
