// The questions a form asks before it acts: saving when the screen's `confirmSave` rule holds (what
// will happen), and leaving or reloading while changes are unsaved (they would be lost).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluateRule } from '../../../core/rules.ts';
import { ruleContext } from '../rule-context.ts';
import type { FormScreenDef, Row } from '../screen-types.ts';
import type { useFormController } from './useFormController.ts';

type Controller = ReturnType<typeof useFormController>;

export function useFormPrompts(screen: FormScreenDef, form: Controller) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<{ text: string; go: () => void } | null>(null);
  const unlessDirty = (key: string, go: () => void) => (form.dirty ? setPrompt({ text: t(key), go }) : go());
  return {
    text: prompt?.text ?? null,
    accept: () => {
      prompt?.go();
      setPrompt(null);
    },
    cancel: () => setPrompt(null),
    submit: (data: Row) => {
      const save = () => void form.save(data);
      const ask =
        screen.confirmSave && evaluateRule(screen.confirmSave.when, ruleContext({ form: { ...form.record, ...data } }));
      if (ask) setPrompt({ text: t(screen.confirmSave!.message), go: save });
      else save();
    },
    exit: () => unlessDirty('form.discardOnExit', form.exit),
    refresh: () => unlessDirty('form.discardOnRefresh', form.reload),
  };
}
