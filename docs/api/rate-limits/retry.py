"""A requests session that sends a request again when the API asks for it or the request failed on the way."""
import email.utils
import os
import random
import sys
import time

import requests

MAX_RETRIES = 5  # retries after the first request; then the last answer, or error, is yours
BACKOFF_SECONDS = 1.0  # the first wait without a Retry-After; it doubles with each retry
MAX_WAIT_SECONDS = 3600  # the longest Retry-After the API sends
RETRY_ALWAYS = {429, 503}  # the API did nothing and says when to come back
RETRY_IF_IDEMPOTENT = {500, 502, 504}  # the request may have been carried out: send again only what may run twice
IDEMPOTENT_METHODS = {"GET", "HEAD", "OPTIONS", "PUT", "DELETE"}


def _retry_after(value):
    """Seconds a Retry-After value asks for (a number of seconds or an HTTP date), or None when it says nothing readable."""
    value = (value or "").strip()
    if value.isascii() and value.isdigit():
        return min(int(value), MAX_WAIT_SECONDS)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None or when.tzinfo is None:
        return None
    return min(max(when.timestamp() - time.time(), 0), MAX_WAIT_SECONDS)


def _backoff(retry, backoff_seconds):
    """Exponential backoff with jitter: between half and all of backoff_seconds × 2^retry, so that clients spread out."""
    ceiling = min(backoff_seconds * 2**retry, MAX_WAIT_SECONDS)
    return random.uniform(ceiling / 2, ceiling)


class RetryingSession(requests.Session):
    """Every request retries 429 and 503, and for idempotent methods 500, 502, 504 and network errors too."""

    def __init__(self, max_retries=MAX_RETRIES, backoff_seconds=BACKOFF_SECONDS):
        super().__init__()
        self.max_retries, self.backoff_seconds = max_retries, backoff_seconds

    def request(self, method, url, *args, **kwargs):
        idempotent = method.upper() in IDEMPOTENT_METHODS
        for retry in range(self.max_retries + 1):
            last = retry == self.max_retries
            try:
                response = super().request(method, url, *args, **kwargs)
            except (requests.ConnectionError, requests.Timeout):
                if last or not idempotent:
                    raise
                time.sleep(_backoff(retry, self.backoff_seconds))
                continue
            retryable = response.status_code in RETRY_ALWAYS or (idempotent and response.status_code in RETRY_IF_IDEMPOTENT)
            if last or not retryable:
                return response
            wait = _retry_after(response.headers.get("Retry-After"))
            time.sleep(_backoff(retry, self.backoff_seconds) if wait is None else wait)


if __name__ == "__main__":
    # python3 retry.py URL [MAX_RETRIES] [BACKOFF_SECONDS] [METHOD]: sends a GET, or METHOD, to the URL with the API key in API_KEY.
    session = RetryingSession(
        max_retries=int(sys.argv[2]) if len(sys.argv) > 2 else MAX_RETRIES,
        backoff_seconds=float(sys.argv[3]) if len(sys.argv) > 3 else BACKOFF_SECONDS,
    )
    session.headers["Authorization"] = f"JWT {os.environ.get('API_KEY', '')}"
    try:
        response = session.request(sys.argv[4] if len(sys.argv) > 4 else "GET", sys.argv[1], timeout=30)
    except requests.RequestException as error:
        print(error, file=sys.stderr)
        sys.exit(1)
    print(response.status_code)
    sys.exit(0 if response.ok else 1)
