import type { Document } from 'bson';

/** MongoDB server error codes used by this server (names as mongod reports them). */
export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  NoSuchKey: 4,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  DollarPrefixedFieldName: 52,
  InvalidIdField: 53,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  NoReplicationEnabled: 76,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CommandNotSupported: 115,
  NotImplemented: 238,
  InvalidPipelineOperator: 168,
  Location40414: 40414,
  DuplicateKey: 11000,
  Location51175: 51175,
  NoMatchingDocument: 47,
  UnknownError: 8,
  Location31254: 31254,
  Location17419: 17419,
  Location17420: 17420,
  MaxTimeMSExpired: 50,
  DocumentValidationFailure: 121,
  BSONObjectTooLarge: 10334,
} as const;

const codeNames = new Map<number, string>(Object.entries(ErrorCodes).map(([k, v]) => [v, k]));

export function codeName(code: number): string {
  return codeNames.get(code) ?? `Location${code}`;
}

/** An error that is sent to the client as `{ ok: 0, errmsg, code, codeName, ...extra }`. */
export class MongoCommandError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly extra: Document = {},
  ) {
    super(message);
  }

  toReply(): Document {
    return {
      ok: 0,
      errmsg: this.message,
      code: this.code,
      codeName: codeName(this.code),
      ...this.extra,
    };
  }
}

export function badValue(msg: string): MongoCommandError {
  return new MongoCommandError(ErrorCodes.BadValue, msg);
}

/** Converts any thrown value (mingo throws plain Errors) into a command error. */
export function toCommandError(
  e: unknown,
  fallbackCode: number = ErrorCodes.BadValue,
): MongoCommandError {
  if (e instanceof MongoCommandError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  return new MongoCommandError(fallbackCode, msg);
}
