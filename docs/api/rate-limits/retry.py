"""Send a request, and on 429 (or 503) wait as Retry-After says, then send it again."""
import email.utils
import os
import sys
import time

import requests

MAX_RETRIES = 5  # retries after the first request; then the 429 is returned
FALLBACK_SECONDS = 30  # the wait when Retry-After is missing or not understood
MAX_WAIT_SECONDS = 300  # never sleep longer than this, whatever the header says
RETRY_STATUSES = {429, 503}  # too many requests; down for maintenance or overloaded


def retry_after_seconds(value, fallback=FALLBACK_SECONDS):
    """Seconds to wait from a Retry-After value: a number of seconds or an HTTP date."""
    if value is None:
        return fallback
    value = value.strip()
    if value.isdigit():
        return min(int(value), MAX_WAIT_SECONDS)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return fallback
    if when is None or when.tzinfo is None:
        return fallback
    return min(max(when.timestamp() - time.time(), 0), MAX_WAIT_SECONDS)


def request_with_retry(session, method, url, max_retries=MAX_RETRIES, fallback=FALLBACK_SECONDS, **kwargs):
    """Sends the request; on 429 or 503, waits and sends it again, at most max_retries times."""
    for attempt in range(max_retries + 1):
        response = session.request(method, url, **kwargs)
        if response.status_code not in RETRY_STATUSES or attempt == max_retries:
            return response
        time.sleep(retry_after_seconds(response.headers.get("Retry-After"), fallback))


class RetryingSession(requests.Session):
    """A requests session whose every request goes through request_with_retry."""

    def __init__(self, max_retries=MAX_RETRIES, fallback=FALLBACK_SECONDS):
        super().__init__()
        self.max_retries, self.fallback = max_retries, fallback

    def request(self, method, url, *args, **kwargs):
        # requests.Session.request takes params, data, headers… positionally too: pass them by name.
        names = ("params", "data", "headers", "cookies", "files", "auth", "timeout", "allow_redirects", "proxies", "hooks", "stream", "verify", "cert", "json")
        kwargs.update(zip(names, args))
        return request_with_retry(super(), method, url, self.max_retries, self.fallback, **kwargs)


if __name__ == "__main__":
    # python3 retry.py URL [MAX_RETRIES] [FALLBACK_SECONDS]: GETs the URL with the API key in API_KEY.
    session = RetryingSession(
        max_retries=int(sys.argv[2]) if len(sys.argv) > 2 else MAX_RETRIES,
        fallback=float(sys.argv[3]) if len(sys.argv) > 3 else FALLBACK_SECONDS,
    )
    session.headers["Authorization"] = f"JWT {os.environ.get('API_KEY', '')}"
    response = session.get(sys.argv[1], timeout=30)
    print(response.status_code)
    sys.exit(0 if response.ok else 1)
