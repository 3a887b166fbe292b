// Two multi-instance levels deep (docs/adr/0246-interventions-two-multi-instance-levels-deep.md): for each
// outer instance chosen, the inner sub-process's instances there, chosen as the outer ones are (running
// ones, or those it starts anew; a sequence's shown in order, its first the one placed).
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { InstanceChoice, instanceLabel } from './InstanceChoice.tsx';
import type { InnerChosen, OtherNode } from './useIntervention.ts';

interface InnerChoiceProps {
  node: OtherNode;
  /** The outer instances chosen (all offered when absent). */
  outers: readonly number[] | undefined;
  chosen: InnerChosen;
  onChange: (chosen: InnerChosen) => void;
}

export function InnerChoice({ node, outers, chosen, onChange }: InnerChoiceProps) {
  const { t } = useTranslation();
  const shown = (node.inner ?? []).filter((offer) => !outers || outers.includes(offer.outer));
  return (
    <Box data-testid="intervene-inner" sx={{ pl: 2, borderLeft: 2, borderColor: 'divider' }}>
      {shown.map((offer) => {
        const outer = node.instances?.find((i) => i.index === offer.outer);
        return (
          <InstanceChoice
            key={offer.outer}
            testId={`intervene-inner-${offer.outer}`}
            legend={t('flow.intervene.innerInstances', {
              outer: outer ? instanceLabel(outer, t) : offer.outer + 1,
            })}
            running={offer.instances}
            chosen={chosen[offer.outer] ?? []}
            onChange={(inner) => onChange({ ...chosen, [offer.outer]: inner })}
            anew={offer.anew === true}
            sequential={offer.sequential === true}
          />
        );
      })}
    </Box>
  );
}
