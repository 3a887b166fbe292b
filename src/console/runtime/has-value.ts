/** Whether a field holds something: not missing, null or the empty text a cleared input leaves. */
export const hasValue = (value: unknown): boolean => value !== undefined && value !== null && value !== '';
