// The theme's field template, with the heading a catalogue field entry names (`section:`) drawn above
// the field, so a long form reads in groups (user type, management scope…).
import { Typography } from '@mui/material';
import { Templates } from '@rjsf/mui';
import { getUiOptions, type FieldTemplateProps } from '@rjsf/utils';

const ThemeFieldTemplate = Templates.FieldTemplate!;

export function SectionFieldTemplate(props: FieldTemplateProps) {
  const { section } = getUiOptions(props.uiSchema);
  return (
    <>
      {typeof section === 'string' && (
        <Typography
          variant="subtitle2"
          component="h2"
          color="text.secondary"
          sx={{ mt: 1.5, mb: 0.5, pt: 1.5, borderTop: 1, borderColor: 'divider', fontWeight: 600 }}
        >
          {section}
        </Typography>
      )}
      <ThemeFieldTemplate {...props} />
    </>
  );
}
