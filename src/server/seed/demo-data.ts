// The demo tenants, privileged users and organisation the first start creates, so every screen has
// something to show. DEMO_LOGINS is what main.ts prints.

export interface DemoLogin {
  loginno: string;
  /** null: ATRIUM_ADMIN_PASSWORD, or the password generated at the first start. */
  password: string | null;
  role: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { loginno: 'admin', password: null, role: 'super administrator' },
  { loginno: 'acme', password: 'Acme@2026', role: 'tenant administrator of Acme' },
  { loginno: 'globex', password: 'Globex@2026', role: 'tenant administrator of Globex and 星辰科技' },
  { loginno: 'dev', password: 'Dev@2026', role: 'developer (applications only)' },
  { loginno: 'sales', password: 'Sales@2026', role: 'department administrator of Acme Sales' },
  {
    loginno: 'sysadmin',
    password: 'Sysadmin@2026',
    role: 'system administrator, no enterprise (for ATRIUM_SECURITY_SEPARATION=on)',
  },
  {
    loginno: 'secadmin',
    password: 'Secadmin@2026',
    role: 'security officer, no enterprise (for ATRIUM_SECURITY_SEPARATION=on)',
  },
  { loginno: 'auditor', password: 'Auditor@2026', role: 'auditor, no enterprise (for ATRIUM_SECURITY_SEPARATION=on)' },
];

export interface DemoTenant {
  slug: string;
  name: string;
  systemName: string;
  description: string;
  status: 0 | 1;
  color: string;
  /** Characters drawn on the generated logo. */
  mark: string;
}

export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    slug: 'acme',
    name: 'Acme',
    systemName: 'Acme Workflow',
    description: 'Manufacturing and logistics.',
    status: 1,
    color: '#1565c0',
    mark: 'A',
  },
  {
    slug: 'globex',
    name: 'Globex',
    systemName: 'Globex OA',
    description: 'Energy trading.',
    status: 1,
    color: '#2e7d32',
    mark: 'G',
  },
  {
    slug: 'xingchen',
    name: '星辰科技',
    systemName: '星辰协同办公',
    description: '软件与云服务。',
    status: 1,
    color: '#6a1b9a',
    mark: '星',
  },
  {
    slug: 'huaxia',
    name: '华夏物流',
    systemName: '华夏运输管理',
    description: '全国干线物流。',
    status: 1,
    color: '#c62828',
    mark: '华',
  },
  {
    slug: 'initech',
    name: 'Initech',
    systemName: 'Initech Portal',
    description: 'Banking software.',
    status: 1,
    color: '#00838f',
    mark: 'I',
  },
  {
    slug: 'umbrella',
    name: 'Umbrella_Health',
    systemName: 'Umbrella Care',
    description: 'Hospitals and clinics.',
    status: 1,
    color: '#ad1457',
    mark: 'U',
  },
  {
    slug: 'qingshan',
    name: '青山教育',
    systemName: '青山教务',
    description: '中小学教育集团。',
    status: 1,
    color: '#558b2f',
    mark: '青',
  },
  {
    slug: 'northwind',
    name: 'Northwind',
    systemName: 'Northwind Trader',
    description: 'Food import and export.',
    status: 1,
    color: '#4e342e',
    mark: 'N',
  },
  {
    slug: 'lanhai',
    name: '蓝海贸易',
    systemName: '蓝海外贸平台',
    description: '跨境贸易。',
    status: 1,
    color: '#0277bd',
    mark: '蓝',
  },
  {
    slug: 'stark',
    name: 'Stark_Industries',
    systemName: 'Stark Ops',
    description: 'Contract closed; kept for records.',
    status: 0,
    color: '#ef6c00',
    mark: 'S',
  },
  {
    slug: 'yunduan',
    name: '云端数据',
    systemName: '云端数据中心',
    description: '已停用的测试租户。',
    status: 0,
    color: '#455a64',
    mark: '云',
  },
  {
    slug: 'wayne',
    name: 'Wayne_Enterprises',
    systemName: 'Wayne Foundation',
    description: 'Holding and foundation.',
    status: 1,
    color: '#212121',
    mark: 'W',
  },
];

/** Department tree of every tenant: [key, name, superior key]. */
export const DEMO_DEPARTMENTS: ReadonlyArray<readonly [string, string, string | null]> = [
  ['hq', 'Headquarters', null],
  ['sales', 'Sales', 'hq'],
  ['eng', 'Engineering', 'hq'],
  ['platform', 'Platform', 'eng'],
  ['mobile', 'Mobile', 'eng'],
  ['finance', 'Finance', 'hq'],
];

/** A tenant's own applications (no package): [tenant slug, name, description]. The developer is
 *  authorised for the first two. The packaged ones are packages/ (demo-packages.ts). */
export const DEMO_APPLICATIONS: ReadonlyArray<readonly [string, string, string]> = [
  ['acme', 'Purchasing', 'Purchase requests and approvals'],
  ['acme', 'Leave', 'Leave requests'],
  ['globex', 'Contracts', 'Contract review workflow'],
  ['xingchen', '报销', '费用报销审批'],
  ['huaxia', '调度', '车辆调度'],
];
