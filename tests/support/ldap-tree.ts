// A generated directory for sync tests and the bench: three levels of organisational units under
// ou=org (`fanout` per level) with `perUnit` inetOrgPerson entries in each unit of the third level,
// written as LDIF for slapadd (which adds entryUUID and the timestamps itself).
import { SUFFIX } from './slapd.ts';

export const ORG = `ou=org,${SUFFIX}`;

export interface TreeShape {
  fanout: number;
  perUnit: number;
}

/** The DN of the unit at path [i], [i, j] or [i, j, k] (indexes from 0). */
export function unitDn(path: number[]): string {
  return [...path.map((_, n) => `ou=unit-${path.slice(0, path.length - n).join('-')}`), ORG].join(',');
}

export const userUid = (path: number[], n: number) => `u${path.join('-')}-${n}`;

export function treeSize({ fanout, perUnit }: TreeShape): { units: number; users: number } {
  return { units: fanout + fanout ** 2 + fanout ** 3, users: fanout ** 3 * perUnit };
}

function entry(dn: string, attributes: Record<string, string | string[]>): string {
  const lines = [`dn: ${dn}`];
  for (const [name, value] of Object.entries(attributes))
    for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
  return `${lines.join('\n')}\n\n`;
}

export function treeLdif(shape: TreeShape): string {
  const out: string[] = [
    entry(SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'atrium', o: 'Atrium test' }),
    entry(ORG, { objectClass: 'organizationalUnit', ou: 'org' }),
  ];
  const walk = (path: number[]) => {
    out.push(entry(unitDn(path), { objectClass: 'organizationalUnit', ou: `unit-${path.join('-')}` }));
    if (path.length === 3) {
      for (let n = 0; n < shape.perUnit; n++) {
        const uid = userUid(path, n);
        out.push(
          entry(`uid=${uid},${unitDn(path)}`, {
            objectClass: 'inetOrgPerson',
            uid,
            cn: `User ${uid}`,
            sn: uid,
            mail: `${uid}@atrium.test`,
            telephoneNumber: `+1 555 ${String(n).padStart(4, '0')}`,
          }),
        );
      }
      return;
    }
    for (let i = 0; i < shape.fanout; i++) walk([...path, i]);
  };
  for (let i = 0; i < shape.fanout; i++) walk([i]);
  return out.join('');
}
