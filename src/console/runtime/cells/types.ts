// What a cell renderer receives: the value, its row and the entity property's schema (x-labels…).
import type { JsonSchema } from '../../../core/catalogue/types.ts';

export interface CellProps {
  value: unknown;
  row: Record<string, unknown>;
  schema: JsonSchema;
}
