/** A field that failed validation and why, so a form can show the message beside the field. */
export class FieldErrorDto {
  /** The field's name, dotted for nested values (e.g. `categories.0`). */
  field: string;
  /** A sentence for a person. */
  message: string;
}

/** Every error response of the API has this shape. */
export class ErrorResponseDto {
  /** The HTTP status code, repeated for clients that only read the body. */
  statusCode: number;
  /** One human-readable sentence; the screens show it as is. */
  message: string;
  /** The HTTP reason phrase, e.g. `Bad Request`. */
  error: string;
  /** Present on validation errors: one entry per failing field. */
  errors?: FieldErrorDto[];
}

/** A response that only carries a sentence for the user. */
export class MessageDto {
  message: string;
}
