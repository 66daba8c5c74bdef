import {describe, expect, it} from 'vitest';
import {
  cookieToken,
  credentialSource,
  forgetCredential,
  isWellFormedToken,
  MAX_TOKEN_LENGTH,
  storedCredential,
  syncReaderToken,
} from '../../src/shared/reader-token';
import {memoryStorage} from '../../src/utils/browser-storage';

const settings = {cookieName: 'portal_api_token', schemeKey: 'JwtAuth'};
const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyZWFkZXIifQ.c2lnbmF0dXJl';
const other = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvdGhlciJ9.b3RoZXI';
const cookies = (value: string) => `theme=light; portal_api_token=${value}; other=1`;

describe('the reader token from the product cookie', () => {
  it('accepts JSON Web Tokens only, of bounded length', () => {
    expect(isWellFormedToken(token)).toBe(true);
    for (const bad of ['product-token', `${token}\r\nX-Injected: 1`, ` ${token}`, `${token} `, 'eyJ.a.b c', 'eyJa.b', 'eyJa.b.', '"eyJa.b.c"', 'eyJa.b.c;d']) {
      expect(isWellFormedToken(bad), JSON.stringify(bad)).toBe(false);
    }
    const long = `eyJ${'a'.repeat(MAX_TOKEN_LENGTH)}.b.c`;
    expect(isWellFormedToken(long)).toBe(false);
  });

  it('reads the named cookie, decoded, and refuses a value that is not a token', () => {
    expect(cookieToken(cookies(token), 'portal_api_token')).toEqual({state: 'valid', token});
    expect(cookieToken(`portal_api_token=${encodeURIComponent(token)}`, 'portal_api_token')).toEqual({state: 'valid', token});
    expect(cookieToken(cookies(encodeURIComponent(`${token}\r\n`)), 'portal_api_token')).toEqual({state: 'malformed'});
    expect(cookieToken(cookies('%E0%A4%A'), 'portal_api_token')).toEqual({state: 'malformed'});
    expect(cookieToken('xportal_api_token=x; portal_api_tokens=y', 'portal_api_token')).toEqual({state: 'absent'});
    expect(cookieToken('', 'portal_api_token')).toEqual({state: 'absent'});
  });

  it('stores a valid token with its marker, replaces it when the cookie changes, removes it when the cookie goes', () => {
    const storage = memoryStorage();
    expect(syncReaderToken(storage, cookies(token), settings)).toBe('valid');
    expect(storedCredential(storage, 'JwtAuth')).toEqual({apiKey: `JWT ${token}`, source: 'cookie'});
    syncReaderToken(storage, cookies(other), settings);
    expect(storedCredential(storage, 'JwtAuth')).toEqual({apiKey: `JWT ${other}`, source: 'cookie'});
    syncReaderToken(storage, 'theme=light', settings);
    expect(storage.getItem('JwtAuth')).toBeNull();
  });

  it('never stores a malformed cookie, and drops the token an earlier cookie left', () => {
    const storage = memoryStorage();
    expect(syncReaderToken(storage, cookies(encodeURIComponent(`${token}\r\n`)), settings)).toBe('malformed');
    expect(storage.getItem('JwtAuth')).toBeNull();
    syncReaderToken(storage, cookies(token), settings);
    syncReaderToken(storage, cookies('not-a-token'), settings);
    expect(storage.getItem('JwtAuth')).toBeNull();
  });

  it('never touches a key the reader typed', () => {
    const storage = memoryStorage();
    storage.setItem('JwtAuth', JSON.stringify({apiKey: 'JWT typed-key'}));
    for (const cookie of [cookies(token), 'theme=light', cookies('bad value')]) {
      syncReaderToken(storage, cookie, settings);
      expect(storedCredential(storage, 'JwtAuth')).toEqual({apiKey: 'JWT typed-key'});
    }
    expect(credentialSource(storedCredential(storage, 'JwtAuth'))).toBe('typed');
  });

  it('"Forget my credentials" keeps the token unused until the cookie goes', () => {
    const storage = memoryStorage();
    syncReaderToken(storage, cookies(token), settings);
    forgetCredential(storage, cookies(token), settings);
    syncReaderToken(storage, cookies(other), settings);
    expect(credentialSource(storedCredential(storage, 'JwtAuth'))).toBe('forgotten');
    expect(storedCredential(storage, 'JwtAuth')?.apiKey).toBeUndefined();
    syncReaderToken(storage, 'theme=light', settings);
    expect(storage.getItem('JwtAuth')).toBeNull();
    syncReaderToken(storage, cookies(token), settings);
    expect(credentialSource(storedCredential(storage, 'JwtAuth'))).toBe('cookie');
    // Without the cookie, forgetting leaves nothing behind.
    forgetCredential(storage, 'theme=light', settings);
    expect(storage.getItem('JwtAuth')).toBeNull();
  });
});
