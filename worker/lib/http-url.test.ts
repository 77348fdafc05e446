import { describe, expect, it } from 'vitest';
import { httpUrl } from '#worker/lib/http-url.ts';

describe('httpUrl', () => {
  it('reads http and https URLs', () => {
    expect(httpUrl('https://www.example.com/a?b=1')?.hostname).toBe('www.example.com');
    expect(httpUrl('http://example.com')?.protocol).toBe('http:');
  });

  it('refuses text that is no URL and other schemes', () => {
    expect(httpUrl('not a url')).toBeUndefined();
    expect(httpUrl('javascript:alert(1)')).toBeUndefined();
    expect(httpUrl('ftp://example.com/file')).toBeUndefined();
  });
});
