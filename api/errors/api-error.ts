/** The closed set of error codes the API answers with, and the HTTP status of each. */
export const API_ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  request_timeout: 408,
  uri_too_long: 414,
  headers_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export interface ParameterProblem {
  parameter: string;
  message: string;
}

/** The one error type handlers throw; the error middleware turns it into the ApiError envelope. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(code: ApiErrorCode, message: string, details?: unknown, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.status = API_ERROR_STATUS[code];
    this.details = details;
    this.headers = headers;
  }

  static invalidParameters(problems: ParameterProblem[]): ApiError {
    const names = problems.map((p) => p.parameter).join(', ');
    return new ApiError('invalid_request', `Invalid query parameter(s): ${names}`, problems);
  }

  /** A request header the endpoint reads is malformed: named as a header, so the client looks there and not in its query. */
  static invalidHeader(name: string, message: string): ApiError {
    return new ApiError('invalid_request', `Invalid ${name} header`, [{ parameter: name, message }]);
  }

  static unauthorized(): ApiError {
    return new ApiError('unauthorized', 'Missing or invalid API key', null, { 'WWW-Authenticate': 'Bearer' });
  }

  static notFound(message = 'Not found'): ApiError {
    return new ApiError('not_found', message, null);
  }

  /** JSON body text; built by hand so an error path costs no more than a page. */
  toBody(): string {
    const error: Record<string, unknown> = { code: this.code, message: this.message };
    if (this.details !== undefined) error.details = this.details;
    return JSON.stringify({ error });
  }
}
