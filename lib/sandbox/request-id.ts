/** The id of one request, in the contract's form (`req_` and 16 hex digits): `X-Request-Id` and every error body's `request_id`. */
import {randomBytes} from 'node:crypto';

export const newRequestId = (): string => `req_${randomBytes(8).toString('hex')}`;
