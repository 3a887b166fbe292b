// The database's own refusals, told apart by their SQLSTATE. A unique index is the real guard against
// two writes racing for one name (the handlers' pre-checks only give the common case its answer); a
// foreign key catches a row deleted meanwhile.
const codeOf = (error: unknown) => (error as { code?: string } | null)?.code;

export const isUniqueViolation = (error: unknown): boolean => codeOf(error) === '23505';
export const isForeignKeyViolation = (error: unknown): boolean => codeOf(error) === '23503';

/** Runs `write`; a unique-index violation is thrown as `refusal()` (the user's message), anything else as it came. */
export async function uniqueOr<T>(write: () => Promise<T>, refusal: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw isUniqueViolation(error) ? refusal() : error;
  }
}
