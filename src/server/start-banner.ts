// What `npm start` prints once listening: the address, the database and the logins. It never prints a
// password that came from the environment; the generated first password of `admin` is printed at the
// start that created it and never again; the demo logins only when the database holds the demo data.
import type { SeedResult } from './seed/seed-demo.ts';
import { DEMO_LOGINS } from './seed/demo-data.ts';

export interface BannerFacts {
  url: string;
  database: string;
  seed: SeedResult;
  adminPasswordFromEnv: boolean;
}

function adminPasswordHint(facts: BannerFacts): string {
  if (facts.seed.generatedAdminPassword) return facts.seed.generatedAdminPassword;
  if (facts.adminPasswordFromEnv) return '(ATRIUM_ADMIN_PASSWORD)';
  return '(the one printed at the first start)';
}

export function startBanner(facts: BannerFacts): string {
  const lines = [`\nAtrium is running at ${facts.url}  (database: ${facts.database})`];
  if (facts.seed.generatedAdminPassword)
    lines.push('The super administrator was created now. Note its password: it is printed only this once.');
  if (facts.seed.demo) {
    lines.push('Demo logins (published passwords: for trying Atrium out, never for real data):');
    for (const login of DEMO_LOGINS)
      lines.push(
        `  ${login.loginno.padEnd(8)} ${(login.password ?? adminPasswordHint(facts)).padEnd(20)} ${login.role}`,
      );
  } else {
    lines.push(`Super administrator: admin  ${adminPasswordHint(facts)}`);
  }
  return `${lines.join('\n')}\n`;
}
