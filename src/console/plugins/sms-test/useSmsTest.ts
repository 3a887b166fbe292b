// The test-SMS dialog's controller: the phone checked with the `sms-test` entity's own rule (the one
// the server applies to the call), then sms.test; the gateway's message is shown unless it succeeded.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inlineEntityRefs } from '../../../core/catalogue/schema-refs.ts';
import type { ConsoleCatalogue } from '../../../core/catalogue/types.ts';
import { call } from '../../api/client.ts';
import { formValidator } from '../../runtime/form/validator.ts';
import { getBoot } from '../../shell/boot.ts';
import { useDialogMessage } from '../../runtime/dialog/useDialogMessage.ts';
import { notifySuccess } from '../../shell/notify.ts';
import { label } from '../../shell/LabelText.tsx';

const SUCCESS = 'success';

export function useSmsTest(domainId: string, onSent: () => void) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const messages = useDialogMessage();
  const schema = useMemo(() => {
    const catalogue: Pick<ConsoleCatalogue, 'entities'> = getBoot().catalogue;
    return inlineEntityRefs(catalogue.entities['sms-test'].schema, catalogue as Parameters<typeof inlineEntityRefs>[1]);
  }, []);

  const change = useCallback((value: string) => {
    setPhone(value.trim());
    setError(null);
  }, []);

  const send = useCallback(async () => {
    const { errors } = formValidator.validateFormData({ phone }, schema);
    if (errors.length > 0) {
      setError(errors[0].message ?? t('msg.invalidPhone'));
      return;
    }
    setSending(true);
    messages.clear();
    try {
      const answer = await call('sms.test', { params: { id: domainId, phone }, silent: true });
      // The spec: the returned message is shown when the returned type is not success.
      if (answer.type === SUCCESS) {
        onSent();
        notifySuccess(label('msg.smsSent')); // the dialog is closed: the toast is seen
      } else messages.show('error', answer.message || t('msg.smsSendFailed'));
    } catch (e) {
      messages.showFailure(e);
    } finally {
      setSending(false);
    }
  }, [phone, schema, domainId, t, onSent, messages]);

  return { phone, error, sending, messages, change, send };
}
