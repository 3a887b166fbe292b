// The toasts before notistack has arrived (src/console/shell/notify.ts, docs/adr/0131-first-load-split.md):
// a toast asks for the host, waits in order until it is mounted, and a page left closes the waiting ones too.
import { describe, expect, it, vi } from 'vitest';
import {
  closeToastsOfPageLeft,
  connectToastHost,
  notifyError,
  notifySuccess,
  whenToastWaits,
  type Toast,
} from '../../../src/console/shell/notify.ts';

describe('toasts before their host is mounted', () => {
  it('asks for the host once a toast waits, then shows the waiting toasts in order', () => {
    const wanted = vi.fn();
    const stop = whenToastWaits(wanted);
    expect(wanted).not.toHaveBeenCalled();
    notifySuccess('saved');
    notifyError('failed');
    expect(wanted).toHaveBeenCalled();
    const shown: Toast[] = [];
    const disconnect = connectToastHost({ show: (toast) => shown.push(toast), close: vi.fn() });
    expect(shown.map((toast) => [toast.variant, toast.text])).toEqual([
      ['success', 'saved'],
      ['error', 'failed'],
    ]);
    // Once mounted, a toast goes straight to the host.
    notifySuccess('again');
    expect(shown).toHaveLength(3);
    disconnect();
    stop();
  });

  it('tells a host that mounts later that a toast already waits', () => {
    notifyError('early');
    const wanted = vi.fn();
    const stop = whenToastWaits(wanted);
    expect(wanted).toHaveBeenCalledOnce();
    const shown: Toast[] = [];
    connectToastHost({ show: (toast) => shown.push(toast), close: vi.fn() })();
    expect(shown.map((toast) => toast.text)).toEqual(['early']);
    stop();
  });

  it('drops a waiting toast of a page left, and closes a shown one through the host', () => {
    notifyError('of the page left');
    const later = Date.now() + 5000;
    closeToastsOfPageLeft(later);
    const shown: Toast[] = [];
    const close = vi.fn();
    const disconnect = connectToastHost({ show: (toast) => shown.push(toast), close });
    expect(shown).toEqual([]);
    const key = notifySuccess('on screen');
    closeToastsOfPageLeft(Date.now() + 5000);
    expect(close).toHaveBeenCalledWith(key);
    disconnect();
  });
});
