// The dashboard's choices: the period (buttons), the software (radio list of the enterprise's bound
// software) and "show all users", checked and fixed (the only show mode, `all`).
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from './useFlowDashboard.ts';

interface Props {
  period: Period;
  software: Array<{ id: string; name: string }>;
  appId: string;
  choose: (next: { period?: Period; app?: string }) => void;
}

export function DashboardChoices({ period, software, appId, choose }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={3} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_e, next: Period | null) => next && choose({ period: next })}
          aria-label={t('flowboard.period')}
          data-testid="flowboard-period"
        >
          {PERIODS.map((p) => (
            <ToggleButton key={p} value={p} sx={{ color: 'text.primary' }} data-testid={`flowboard-period-${p}`}>
              {t(`flowboard.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControlLabel control={<Checkbox checked disabled />} label={t('flowboard.showAll')} />
      </Stack>
      <FormControl>
        <FormLabel id="flowboard-software">{t('flowboard.software')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="flowboard-software"
          value={appId}
          onChange={(e) => choose({ app: e.target.value })}
          data-testid="flowboard-software"
        >
          {software.map((s) => (
            <FormControlLabel key={s.id} value={s.id} control={<Radio />} label={s.name} />
          ))}
        </RadioGroup>
      </FormControl>
    </Stack>
  );
}
