# Send a request with curl, and on 429 (or 503) wait as Retry-After says, then send it again.
# curl_with_retry [curl arguments…]: prints the last answer's body; exits with curl's status (22 for an error status).
# Needs GNU date for Retry-After given as an HTTP date.
MAX_RETRIES=${MAX_RETRIES:-5}            # retries after the first request; then the 429 fails
FALLBACK_SECONDS=${FALLBACK_SECONDS:-30} # the wait when Retry-After is missing or not understood
MAX_WAIT_SECONDS=300                     # never sleep longer than this, whatever the header says

retry_after_seconds() {
  local value=$1 when
  if [[ $value =~ ^[0-9]+$ ]]; then
    echo $(( 10#$value > MAX_WAIT_SECONDS ? MAX_WAIT_SECONDS : 10#$value ))
  elif [[ $value =~ ^[A-Z][a-z]{2},\ [0-9]{2}\ [A-Z][a-z]{2}\ [0-9]{4}\ [0-9:]{8}\ GMT$ ]] && when=$(date -d "$value" +%s 2>/dev/null); then
    when=$(( when - $(date +%s) ))
    echo $(( when < 0 ? 0 : when > MAX_WAIT_SECONDS ? MAX_WAIT_SECONDS : when ))
  else
    echo "$FALLBACK_SECONDS"
  fi
}

curl_with_retry() {
  local headers body errors attempt status value
  headers=$(mktemp)
  body=$(mktemp)
  errors=$(mktemp)
  for (( attempt = 0; ; attempt++ )); do
    status=0
    curl --silent --show-error --fail-with-body --dump-header "$headers" --output "$body" "$@" 2>"$errors" || status=$?
    if ! grep -qE '^HTTP/[0-9.]+ (429|503)' "$headers" || (( attempt == MAX_RETRIES )); then
      cat "$body"
      cat "$errors" >&2
      rm -f "$headers" "$body" "$errors"
      return "$status"
    fi
    value=$(grep -i '^retry-after:' "$headers" | tail -n 1 | cut -d: -f2- | tr -d '\r' | sed 's/^ *//')
    sleep "$(retry_after_seconds "$value")"
  done
}
