// What a verification says, in the reader's language: the console's verify call and `atrium
// verify-log` print the same sentences (locales/*.yaml, oplog.verify.*).
import type { VerifyResult } from './verify-chain.ts';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export function verifyMessage(result: VerifyResult, t: Translate): string {
  const { broken } = result;
  const parts = [
    broken
      ? t(`oplog.verify.broken.${broken.reason}`, {
          id: broken.id,
          at: broken.at ?? '',
          expected: broken.expected ?? '',
          found: broken.found ?? '',
        })
      : t('oplog.verify.intact', { count: result.checked }),
  ];
  if (result.head) parts.push(t('oplog.verify.head', result.head));
  // Said every time: with the key in the database an intact result proves little (docs/adr/0087-operation-log-keyed-chain.md).
  if (!result.keyOutside) parts.push(t('oplog.verify.keyInDatabase'));
  return parts.join(' ');
}
