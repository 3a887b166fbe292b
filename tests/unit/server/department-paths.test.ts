// Department choices are named by their path in the tree, in tree order, and odd data cannot loop.
import { describe, expect, it } from 'vitest';
import { departmentPaths } from '../../../src/server/areas/lookups/department-paths.ts';

const node = (id: string, name: string, superior_id: string | null, order_no = 0) => ({
  id,
  name,
  superior_id,
  order_no,
});

describe('departmentPaths', () => {
  it('names each department by its path, siblings by order number', () => {
    const rows = [
      node('m', 'Mobile', 'e', 2),
      node('hq', 'HQ', null),
      node('e', 'Eng', 'hq', 1),
      node('s', 'Sales', 'hq', 0),
      node('p', 'Platform', 'e', 1),
    ];
    expect(departmentPaths(rows).map((c) => c.name)).toEqual([
      'HQ',
      'HQ / Sales',
      'HQ / Eng',
      'HQ / Eng / Platform',
      'HQ / Eng / Mobile',
    ]);
  });

  it('shows a department whose superior is missing as a root, and survives a cycle', () => {
    expect(departmentPaths([node('a', 'A', 'gone')]).map((c) => c.name)).toEqual(['A']);
    expect(
      departmentPaths([node('a', 'A', 'b'), node('b', 'B', 'a'), node('r', 'R', null)]).map((c) => c.name),
    ).toEqual(['R']);
  });
});
