// The running instances of a multi-instance sub-process an intervention moves
// (docs/adr/0223-intervention-instances-chosen-and-approvers-per-instance.md): each by its number and
// its element; all chosen at first. The server refuses an index that is not running. When the sub-process
// is entered anew, they are those its collection gives now and those not chosen start at its start
// (docs/adr/0231-interventions-enter-mapped-sub-processes.md). A sequence entered anew lists its instances in
// the order they run, none to choose: its first starts at the node, the others in turn at its start
// (docs/adr/0237-interventions-into-sequences-and-mapped-collections.md).
import { Checkbox, FormControlLabel, FormGroup, FormLabel, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OtherNode } from './useIntervention.ts';

type Running = NonNullable<OtherNode['instances']>[number];

/** "Instance 2: Ann Lee (acme124)": its number from 1, its element, the user it names if any. */
export const instanceLabel = (instance: Running, t: ReturnType<typeof useTranslation>['t']) =>
  t('flow.intervene.instance', {
    number: instance.index + 1,
    element: instance.user ? `${instance.user} (${instance.element})` : instance.element,
  });

interface InstanceChoiceProps {
  running: Running[];
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
  /** The sub-process is entered anew. */
  anew?: boolean;
  /** Entered anew, it runs its instances one after another: shown, not chosen. */
  sequential?: boolean;
  /** The heading, when not the level's usual one (an inner level names its outer instance). */
  legend?: string;
  testId?: string;
}

export function InstanceChoice({ running, chosen, onChange, anew, sequential, legend, testId }: InstanceChoiceProps) {
  const { t } = useTranslation();
  const toggle = (index: number, on: boolean) =>
    onChange(running.map((i) => i.index).filter((i) => (i === index ? on : chosen.includes(i))));
  return (
    <Box component="fieldset" data-testid={testId ?? 'intervene-instances'} sx={{ border: 0, p: 0, m: 0, mb: 1.5 }}>
      <FormLabel component="legend" sx={{ typography: 'body2' }}>
        {legend ?? t(sequential ? 'flow.intervene.instancesInOrder' : 'flow.intervene.instances')}
      </FormLabel>
      {anew && (
        <Typography variant="body2" color="text.secondary" data-testid="intervene-instances-anew">
          {t(sequential ? 'flow.intervene.anewSequential' : 'flow.intervene.anew')}
        </Typography>
      )}
      <FormGroup row>
        {running.map((instance) => (
          <FormControlLabel
            key={instance.index}
            control={
              <Checkbox
                size="small"
                disabled={sequential}
                checked={chosen.includes(instance.index)}
                onChange={(e) => toggle(instance.index, e.target.checked)}
              />
            }
            label={instanceLabel(instance, t)}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
