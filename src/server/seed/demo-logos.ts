// Writes the demo tenants' SVG logos under <dataDir>/uploads/lib/icon/demo (files only; idempotent).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uploadsDir } from '../services.ts';
import { DEMO_TENANTS, type DemoTenant } from './demo-data.ts';

export const DEMO_LOGO_URL_PREFIX = '/uploads/lib/icon/demo/';

export const demoLogoUrl = (tenant: DemoTenant) => `${DEMO_LOGO_URL_PREFIX}${tenant.slug}.svg`;

function logoSvg(tenant: DemoTenant): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60" viewBox="0 0 60 60">
  <rect width="60" height="60" rx="12" fill="${tenant.color}"/>
  <circle cx="48" cy="12" r="6" fill="#ffffff" fill-opacity="0.25"/>
  <text x="30" y="40" text-anchor="middle" font-family="sans-serif" font-size="28" font-weight="700" fill="#ffffff">${tenant.mark}</text>
</svg>
`;
}

export async function writeDemoLogos(dataDir: string): Promise<void> {
  const dir = join(uploadsDir({ dataDir }), 'lib', 'icon', 'demo');
  await mkdir(dir, { recursive: true });
  for (const tenant of DEMO_TENANTS) {
    const file = join(dir, `${tenant.slug}.svg`);
    if (!existsSync(file)) await writeFile(file, logoSvg(tenant), 'utf8');
  }
}
