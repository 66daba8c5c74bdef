/**
 * Domains and their ownership check, on the sandbox's clock: a new domain is
 * `unverified` with a token of its own; verifying makes it `pending`, and
 * the check ends `verified` after CHECK_SECONDS, or `failed` on the
 * scenario host (a name that is, or is under, VERIFICATION_FAILS_HOST).
 * Changing a domain's name issues a new token and makes it `unverified`.
 */
import {randomBytes} from 'node:crypto';
import type {Json} from './account-store';
import type {DueEvent} from './webhook-events';

/** How long a check takes at clock speed 1: the API's checks usually end within a minute. */
export const CHECK_SECONDS = 30;

/** A domain on this host, or under it, never shows the token: its checks end `failed`. */
export const VERIFICATION_FAILS_HOST = 'unverifiable.example';

export interface DomainCheck {
  startedMs: number;
}

const newVerificationToken = (): string => `vgl-${randomBytes(16).toString('hex')}`;

/** A new domain's fields the API sets: unverified, with a fresh token, never checked. */
export function newDomain(body: Json): Json {
  const {verification_method: _none, ...domain} = body;
  return {...domain, verification_status: 'unverified', verification_token: newVerificationToken(), verified_at: null, last_checked_at: null};
}

const fails = (name: unknown) => String(name) === VERIFICATION_FAILS_HOST || String(name).endsWith(`.${VERIFICATION_FAILS_HOST}`);

/** A check's event by `nowMs`: `verification_failed` once a failing check has ended; a check that succeeds sends none. */
export function domainEvents(domainId: string, domain: Json, check: DomainCheck | undefined, nowMs: number, speed: number): DueEvent[] {
  if (!check || !fails(domain.name)) return [];
  const endMs = check.startedMs + (CHECK_SECONDS * 1000) / speed;
  return nowMs < endMs ? [] : [{key: `verification_failed:${domainId}:${check.startedMs}`, event: 'verification_failed', occurredMs: endMs}];
}

/** The domain as of `nowMs`: a check started `pending`, which ends once its time on the clock has passed. */
export function presentDomain(domain: Json, check: DomainCheck | undefined, nowMs: number, speed: number): Json {
  if (!check) return domain;
  const endMs = check.startedMs + (CHECK_SECONDS * 1000) / speed;
  if (nowMs < endMs) return {...domain, verification_status: 'pending', last_checked_at: new Date(check.startedMs).toISOString()};
  const ended = new Date(endMs).toISOString();
  return fails(domain.name)
    ? {...domain, verification_status: 'failed', verified_at: null, last_checked_at: ended}
    : {...domain, verification_status: 'verified', verified_at: ended, last_checked_at: ended};
}
