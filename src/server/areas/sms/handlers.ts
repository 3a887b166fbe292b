// SMS area: the test SMS of an enterprise, sent with its saved SMS account through the gateway the
// server was started with. The enterprise must be within the caller's reach (admission, its `target`).
import { interpolate } from '../../../core/translate.ts';
import { AppError } from '../../http/app-error.ts';
import { SmsGatewayUnreachable, SUCCESS } from '../../integrations/sms/sms-gateway.ts';
import type { CallHandler, Handler } from '../handler.ts';

const test: CallHandler<'sms.test'> = async (ctx) => {
  const { db, sms } = ctx.services;
  const { atrium } = ctx.request;
  // The enterprise's reach: admission, on the declared tenant; its `allow` leaves out a department
  // administrator, the one caller who sees an enterprise without governing it.
  const account = await db
    .selectFrom('domains as d')
    .select(['d.name', 'd.system_name', 'd.sms_member_code', 'd.sms_member_pwd'])
    .where('d.id', '=', ctx.params.id)
    .executeTakeFirst();
  if (!account) throw new AppError('notFound');
  if (!account.sms_member_code) throw new AppError('validation', undefined, 'msg.smsNotConfigured');
  const template = sms.testTemplate ?? (await atrium.translate('sms.testContent'));
  const text = interpolate(template, { domain: account.name, systemName: account.system_name || account.name });
  try {
    const answer = await sms.send(
      { memberCode: account.sms_member_code, memberPassword: account.sms_member_pwd, phone: ctx.params.phone, text },
      ctx.request.log,
    );
    if (answer.message) return answer;
    return {
      type: answer.type,
      message: await atrium.translate(answer.type === SUCCESS ? 'msg.smsSent' : 'msg.smsSendFailed'),
    };
  } catch (error) {
    if (!(error instanceof SmsGatewayUnreachable)) throw error;
    ctx.request.log.warn({ err: error }, 'SMS gateway unreachable');
    return {
      type: 'error',
      message: await atrium.translate('msg.smsGatewayUnreachable', {
        reason: await atrium.translate(`outbound.reason.${error.outbound}`),
      }),
    };
  }
};

export const smsHandlers: Record<string, Handler> = {
  'sms.test': test,
};
