// Where sign-in leads (docs/adr/0026-navigation-state-in-url.md): the login page remembers the page asked for as `next`, and only a path
// inside the console is followed.
import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginPath } from '../../../src/console/shell/login-return.ts';

const after = (path: string) => afterLoginPath(new URL(`http://x${path}`).searchParams);

describe('login return path', () => {
  it('remembers the page and its query, and says when the session expired', () => {
    expect(loginPath('/superuser/detail?id=7')).toBe('/login?next=%2Fsuperuser%2Fdetail%3Fid%3D7');
    expect(loginPath('/superuser', true)).toBe('/login?next=%2Fsuperuser&expired=1');
    expect(after(loginPath('/superuser/detail?id=7'))).toBe('/superuser/detail?id=7');
  });

  it('goes home without a page, and never back to the login or outside the console', () => {
    expect(loginPath(null)).toBe('/login');
    expect(loginPath('/login?next=%2Fhome')).toBe('/login');
    expect(after('/login')).toBe('/home');
    expect(after('/login?next=%2F%2Fevil.example')).toBe('/home');
    expect(after('/login?next=https%3A%2F%2Fevil.example')).toBe('/home');
    expect(after('/login?next=%2Flogin')).toBe('/home');
  });
});
