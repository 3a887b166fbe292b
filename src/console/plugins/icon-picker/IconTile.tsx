// One icon of the picker: the picture at 60x60, outlined when it is the selection, with a check box
// while custom icons are being batch edited.
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, ButtonBase, Checkbox } from '@mui/material';
import { resourceUrl } from '../../api/client.ts';
import type { Icon } from './useIconPicker.ts';

export function IconTile({ icon, selected, checkable, checked, onClick }: { icon: Icon; selected: boolean; checkable: boolean; checked: boolean; onClick: () => void }) {
  return (
    <ButtonBase
      component="div"
      onClick={onClick}
      role="option"
      aria-selected={selected}
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
      <Box component="img" src={resourceUrl(icon.filePath)} alt="" sx={{ width: 60, height: 60, objectFit: 'contain', borderRadius: 1.5 }} />
      {selected && !checkable && <CheckCircle color="primary" sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper', borderRadius: '50%' }} />}
      {checkable && (
        <Checkbox
          size="small"
          checked={checked}
          tabIndex={-1}
          // The tile takes the click; the box only shows the state.
          onChange={() => undefined}
          data-testid="icon-check"
          slotProps={{ input: { 'aria-label': icon.name } }}
          sx={{ position: 'absolute', top: -6, right: -6, p: 0.25, pointerEvents: 'none', bgcolor: 'background.paper', borderRadius: 1 }}
        />
      )}
    </ButtonBase>
  );
}
