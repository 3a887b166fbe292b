// One icon of the picker: the picture at 60x60, outlined when it is the selection, with a check mark
// while custom icons are being batch edited (drawn, not a control: the tile is the one option, and
// aria-selected says whether it is checked).
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, ButtonBase } from '@mui/material';
import { resourceUrl } from '../../api/client.ts';
import type { Icon } from './useIconPicker.ts';

const MARK_SX = {
  position: 'absolute',
  top: -6,
  right: -6,
  fontSize: 22,
  bgcolor: 'background.paper',
  borderRadius: 1,
} as const;

function CheckMark({ checked }: { checked: boolean }) {
  const Mark = checked ? CheckBox : CheckBoxOutlineBlank;
  return <Mark data-testid="icon-check" data-checked={checked} color={checked ? 'primary' : 'action'} sx={MARK_SX} />;
}

export function IconTile({
  icon,
  selected,
  checkable,
  checked,
  onClick,
}: {
  icon: Icon;
  selected: boolean;
  checkable: boolean;
  checked: boolean;
  onClick: () => void;
}) {
  return (
    <ButtonBase
      component="div"
      onClick={onClick}
      role="option"
      aria-selected={checkable ? checked : selected}
      aria-label={icon.name}
      title={icon.name}
      data-testid="icon-tile"
      data-path={icon.filePath}
      sx={{
        position: 'relative',
        width: 84,
        height: 84,
        borderRadius: 2,
        border: 2,
        borderColor: selected ? 'primary.main' : 'transparent',
        bgcolor: selected ? 'action.selected' : 'background.paper',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Box
        component="img"
        src={resourceUrl(icon.filePath)}
        alt=""
        sx={{ width: 60, height: 60, objectFit: 'contain', borderRadius: 1.5 }}
      />
      {selected && !checkable && (
        <CheckCircle
          color="primary"
          sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper', borderRadius: '50%' }}
        />
      )}
      {checkable && <CheckMark checked={checked} />}
    </ButtonBase>
  );
}
