// The wire encoding of passwords: base64 of UTF-8 with the last two characters moved to the front.
import { describe, expect, it } from 'vitest';
import { decodePassword, encodePassword } from '../../../src/core/password-codec.ts';

describe('password codec', () => {
  it.each([
    ['ASCII', 'admin123!'],
    ['Chinese', '管理员密码'],
    ['emoji', 'p@ss🔑word😀'],
    ['mixed, one byte short of a full base64 block', 'ab中'],
  ])('round-trips %s', (_what, plain) => {
    expect(decodePassword(encodePassword(plain))).toBe(plain);
  });

  it('moves the last two characters of the base64 to the front', () => {
    expect(btoa('admin')).toBe('YWRtaW4=');
    expect(encodePassword('admin')).toBe('4=YWRtaW');
    expect(encodePassword('abc')).toBe('JjYW'); // base64 YWJj, no padding: the rotation still applies
    expect(decodePassword('4=YWRtaW')).toBe('admin');
  });

  it('encodes UTF-8 bytes, not UTF-16 code units', () => {
    // 中 is E4 B8 AD in UTF-8 → base64 5Lit → rotated "it5L".
    expect(encodePassword('中')).toBe('it5L');
  });

  it('answers null for input that is not a valid encoding', () => {
    expect(decodePassword('a')).toBeNull(); // too short to hold the rotation
    expect(decodePassword('not base64 at all!')).toBeNull();
    expect(decodePassword('YWRtaW4=')).toBeNull(); // plain base64, not rotated: '=' lands in the middle
    const invalidUtf8 = btoa(String.fromCharCode(0xff, 0xfe)); // bytes that are no UTF-8 text
    expect(decodePassword(invalidUtf8.slice(-2) + invalidUtf8.slice(0, -2))).toBeNull();
  });

  it('keeps the empty password empty', () => {
    expect(encodePassword('')).toBe('');
    expect(decodePassword('')).toBe('');
  });
});
