// Who owns an upload and who may store, list and read it: the one place that decides (docs/security.md
// "Uploads", decisions docs/adr/0022-uploads-belong-to-owner.md). A file belongs to one enterprise or to the platform; the icon library and
// the login backgrounds are the login page's pictures and are public.
import type { Db } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { governsDomain, isPlatform, seesDomain, type Reach } from '../../auth/reach.ts';
import { tenantExists } from '../domains/known-tenants.ts';

export type UploadOwner = { kind: 'platform' } | { kind: 'domain'; domainId: string };

/** Who may fetch a file under /uploads/: anyone, the readers of its owner, or nobody (not a file of ours). */
export type FileAccess = { kind: 'public' } | { kind: 'owned'; owner: UploadOwner } | { kind: 'none' };

/** An enterprise id as it may appear in a folder name (the catalogue's `domainid` pattern). */
export const DOMAIN_ID = /^[A-Za-z0-9_-]{1,64}$/;
const YEAR = /^\d{4}$/;

/**
 * The owner of the files a call stores or lists. With `domainid`: that enterprise, when the caller
 * governs it (a department administrator sees its enterprise but is refused, 1403; an enterprise out of
 * reach or unknown answers 1404). Without: the platform's files, for callers whose reach is the platform.
 */
export async function ownerForCall(db: Db, reach: Reach, domainid: string | undefined): Promise<UploadOwner> {
  if (domainid === undefined) {
    if (!isPlatform(reach)) throw new AppError('forbidden', undefined, 'msg.uploadNameDomain');
    return { kind: 'platform' };
  }
  const exists = DOMAIN_ID.test(domainid) && (await tenantExists(db, domainid));
  // Kept beside the target admission checks: a file's owner may be the platform (no tenant), and the
  // download calls take the tenant from the stored file, not from the request.
  if (!exists || !seesDomain(reach, domainid)) throw new AppError('notFound');
  if (!governsDomain(reach, domainid)) throw new AppError('forbidden', undefined, 'msg.uploadNotGoverned');
  return { kind: 'domain', domainId: domainid };
}

/** Reads an owner's files: the platform's need the platform's reach, an enterprise's its governor. */
export function mayRead(reach: Reach, owner: UploadOwner): boolean {
  return owner.kind === 'platform' ? isPlatform(reach) : governsDomain(reach, owner.domainId);
}

/** A login background (`image/background`) under a year folder: shown on the login page, so public. */
const isBackground = (afterYear: readonly string[]) => afterYear[0] === 'image' && afterYear[1] === 'background';

/** The access rule of a path below /uploads/, given as its decoded segments. */
export function fileAccessOf(segments: readonly string[]): FileAccess {
  if (segments.length < 2 || segments.some((s) => s === '' || s === '.' || s === '..' || /[/\\\0]/.test(s)))
    return { kind: 'none' };
  const [first, second, ...rest] = segments;
  // The icon library (built-in, uploaded, the demo logos): enterprise logos on the login page and cards.
  if (first === 'lib' && second === 'icon') return { kind: 'public' };
  if (first === 'platform') {
    if (!YEAR.test(second)) return { kind: 'none' };
    return isBackground(rest) ? { kind: 'public' } : { kind: 'owned', owner: { kind: 'platform' } };
  }
  if (first === 'domains')
    return DOMAIN_ID.test(second) && rest.length > 0
      ? { kind: 'owned', owner: { kind: 'domain', domainId: second } }
      : { kind: 'none' };
  // Files stored before owners existed (uploads/<year>/…): kept where they are and served by rule, a
  // login background to anyone (the configuration may name one), anything else to the platform only.
  if (YEAR.test(first))
    return isBackground([second, ...rest]) ? { kind: 'public' } : { kind: 'owned', owner: { kind: 'platform' } };
  return { kind: 'none' };
}

/** The access rule of a request URL under /uploads/ (query ignored, each segment percent-decoded). */
export function fileAccessOfUrl(url: string): FileAccess {
  const pathname = url.split(/[?#]/)[0];
  if (!pathname.startsWith('/uploads/')) return { kind: 'none' };
  try {
    return fileAccessOf(
      pathname
        .slice('/uploads/'.length)
        .split('/')
        .map((s) => decodeURIComponent(s)),
    );
  } catch {
    return { kind: 'none' };
  }
}
