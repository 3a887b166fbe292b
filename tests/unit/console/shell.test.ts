// Shell helpers: the header title, the adminToken hand-over, the 120-second load limit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTokenFromAddress } from '../../../src/console/shell/boot.ts';
import { consoleTitle } from '../../../src/console/shell/consoleTitle.ts';
import { LOAD_TIMEOUT_MS, LoadTimeoutError, withTimeout } from '../../../src/console/shell/lazy-module.ts';

describe('consoleTitle', () => {
  it('removes a leading TK_ from the configured title', () => {
    expect(consoleTitle('TK_Acme Platform', 'Default')).toBe('Acme Platform');
    expect(consoleTitle('Acme TK_', 'Default')).toBe('Acme TK_');
  });

  it('falls back to the default title when nothing (or only the prefix) is configured', () => {
    expect(consoleTitle('', 'Default')).toBe('Default');
    expect(consoleTitle('TK_', 'Default')).toBe('Default');
    expect(consoleTitle(undefined, 'Default')).toBe('Default');
  });
});

describe('adminTokenFromAddress', () => {
  it('reads the token before the hash or inside the hash route query', () => {
    expect(adminTokenFromAddress({ search: '?adminToken=abc', hash: '#/home' })).toBe('abc');
    expect(adminTokenFromAddress({ search: '', hash: '#/main?from=x&adminToken=t%2F1' })).toBe('t/1');
    expect(adminTokenFromAddress({ search: '', hash: '#/main' })).toBeNull();
  });
});

describe('withTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('fails with LoadTimeoutError once the spec limit of 120 s has passed', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(() => new Promise(() => undefined));
    const outcome = expect(pending).rejects.toBeInstanceOf(LoadTimeoutError);
    await vi.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS);
    await outcome;
    expect(LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a module through when it arrives in time', async () => {
    await expect(withTimeout(() => Promise.resolve('module'), 50)).resolves.toBe('module');
  });
});
