// The one error every failed call throws: the envelope's errcode/errmsg/data, or a transport failure.
import type { FieldError } from '../../core/envelope.ts';

export class ApiError extends Error {
  readonly errcode: number;
  readonly errmsg: string;
  readonly data: unknown;
  /** HTTP status of the reply; 0 when the server could not be reached. */
  readonly status: number;

  constructor(errcode: number, errmsg: string, data: unknown, status: number) {
    super(errmsg || `errcode ${errcode}`);
    this.name = 'ApiError';
    this.errcode = errcode;
    this.errmsg = errmsg;
    this.data = data;
    this.status = status;
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }

  /** Field problems of a validation failure (errcode 1001), JSON pointers into the payload. */
  get fieldErrors(): FieldError[] {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    return Array.isArray(errors) ? (errors as FieldError[]) : [];
  }
}
