// The rules that keep a cached read from outliving a change (docs/adr/0042-pages-kept-until-change.md): the tables' stamp, a change
// during the read, nobody listening, the age limit, the size limit.
import { describe, expect, it } from 'vitest';
import { ChangeCache } from '../../../src/server/db/change-cache.ts';
import { TableChanges } from '../../../src/server/db/table-changes.ts';

function setUp(maxEntries = 3) {
  const changes = new TableChanges();
  changes.listening(1);
  const cache = new ChangeCache<string>(changes, ['users', 'departments'], { maxEntries, maxAgeMs: 1000 });
  return { changes, cache };
}

describe('a change cache', () => {
  it('answers what it stored until one of its tables changes, and ignores other tables', () => {
    const { changes, cache } = setUp();
    cache.put('page', 'v1', cache.mark());
    expect(cache.get('page')).toBe('v1');
    changes.notice('sessions');
    expect(cache.get('page')).toBe('v1');
    changes.notice('departments');
    expect(cache.get('page')).toBeUndefined();
  });

  it('does not store a value read while one of its tables changed', () => {
    const { changes, cache } = setUp();
    const mark = cache.mark();
    changes.notice('users'); // committed while the read was under way
    cache.put('page', 'maybe old', mark);
    expect(cache.get('page')).toBeUndefined();
  });

  it('neither stores nor answers while nothing listens, and drops all when listening starts again', () => {
    const { changes, cache } = setUp();
    cache.put('page', 'v1', cache.mark());
    changes.listening(-1);
    expect(cache.get('page')).toBeUndefined();
    cache.put('page', 'v2', cache.mark());
    expect(cache.get('page')).toBeUndefined();
    changes.listening(1);
    cache.put('page', 'v3', cache.mark());
    changes.listening(1); // a second connection starts listening: what was kept may predate it
    expect(cache.get('page')).toBeUndefined();
  });

  it('keeps an entry no longer than its age limit or the given end', () => {
    const { cache } = setUp();
    cache.put('a', 'v', cache.mark(), Infinity, 0);
    expect(cache.get('a', 999)).toBe('v');
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.put('b', 'v', cache.mark(), 500, 0);
    expect(cache.get('b', 499)).toBe('v');
    expect(cache.get('b', 500)).toBeUndefined();
  });

  it('lets the least recently used entry go first when full, and stores nothing with no room at all', () => {
    const { cache } = setUp(2);
    cache.put('a', '1', cache.mark());
    cache.put('b', '2', cache.mark());
    expect(cache.get('a')).toBe('1'); // a is now the more recent
    cache.put('c', '3', cache.mark());
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['1', '3']);

    const none = setUp(0).cache;
    none.put('a', '1', none.mark());
    expect(none.get('a')).toBeUndefined();
  });

  it('reads through once and then answers from memory', async () => {
    const { changes, cache } = setUp();
    let reads = 0;
    const read = async () => `read ${++reads}`;
    expect(await cache.through('k', read)).toBe('read 1');
    expect(await cache.through('k', read)).toBe('read 1');
    changes.notice('users');
    expect(await cache.through('k', read)).toBe('read 2');
  });

  it('refuses a table no trigger announces', () => {
    expect(() => new ChangeCache(new TableChanges(), ['users', 'audit_log'], { maxEntries: 1, maxAgeMs: 1 })).toThrow(
      /audit_log/,
    );
  });
});
