/**
 * A URL whose path or query carries a percent-encoded control character (%00–%1F, %7F) is
 * refused with a 400 before any route sees it: a NUL in a search keyword or a slug must never
 * reach a database query (a regular expression cannot hold one). Raw control bytes never get
 * this far: Node's HTTP parser refuses them. Body fields are checked by the shared schemas.
 */
import type { RequestHandler } from 'express';
import { badRequest } from './errors.js';

const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

export const CONTROL_CHARACTERS_IN_URL = 'The address must not contain control characters';

export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  if (ENCODED_CONTROL.test(req.originalUrl)) return next(badRequest(CONTROL_CHARACTERS_IN_URL));
  next();
};
