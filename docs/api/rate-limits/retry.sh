# Send a request with curl, and again when the API asks for it or the request failed on the way: 429 and 503
# always, and for an idempotent method (GET, HEAD, OPTIONS, PUT, DELETE) 500, 502, 504 and network errors too.
# curl_with_retry [curl arguments…]: prints the last answer's body; exits with curl's status (22 for an error status).
# Needs GNU date for Retry-After given as an HTTP date.
MAX_RETRIES=${MAX_RETRIES:-5}         # retries after the first request; then the last answer, or error, is yours
BACKOFF_SECONDS=${BACKOFF_SECONDS:-1} # the first wait without a Retry-After; it doubles with each retry
MAX_WAIT_SECONDS=3600                 # the longest Retry-After the API sends

# Seconds a Retry-After value asks for (a number of seconds or an HTTP date); fails when it says nothing readable.
_retry_after() {
  local value=$1 when
  if [[ $value =~ ^[0-9]+$ ]]; then
    echo $(( 10#$value > MAX_WAIT_SECONDS ? MAX_WAIT_SECONDS : 10#$value ))
  elif [[ $value =~ ^[A-Z][a-z]{2},\ [0-9]{2}\ [A-Z][a-z]{2}\ [0-9]{4}\ [0-9:]{8}\ GMT$ ]] && when=$(date -d "$value" +%s 2>/dev/null); then
    when=$(( when - $(date +%s) ))
    echo $(( when < 0 ? 0 : when > MAX_WAIT_SECONDS ? MAX_WAIT_SECONDS : when ))
  else
    return 1
  fi
}

# Exponential backoff with jitter: between half and all of BACKOFF_SECONDS × 2^retry, so that clients spread out.
_backoff() {
  awk -v base="$BACKOFF_SECONDS" -v retry="$1" -v most="$MAX_WAIT_SECONDS" -v seed="$RANDOM" \
    'BEGIN { srand(seed); c = base * 2 ^ retry; if (c > most) c = most; printf "%.3f\n", c / 2 + rand() * c / 2 }'
}

# The method curl sends with these arguments: the one -X names, else HEAD, POST or PUT as its options imply, else GET.
_method() {
  local method=GET arg previous=
  for arg in "$@"; do
    case $previous in -X | --request) echo "$arg"; return ;; esac
    case $arg in
      -X?*) echo "${arg#-X}"; return ;;
      --request=*) echo "${arg#--request=}"; return ;;
      -I | --head) method=HEAD ;;
      -d | -d?* | --data* | --json | -F | -F?* | --form*) method=POST ;;
      -T | -T?* | --upload-file) method=PUT ;;
    esac
    previous=$arg
  done
  echo "$method"
}

curl_with_retry() {
  local headers body errors retry status code wait idempotent=false
  case $(_method "$@") in GET | HEAD | OPTIONS | PUT | DELETE) idempotent=true ;; esac
  headers=$(mktemp)
  body=$(mktemp)
  errors=$(mktemp)
  for (( retry = 0; ; retry++ )); do
    status=0
    : >"$headers"
    # --fail-with-body needs curl 7.76 or later.
    curl --silent --show-error --fail-with-body --dump-header "$headers" --output "$body" "$@" 2>"$errors" || status=$?
    code=$(awk '/^HTTP\// { code = $2 } END { print code }' "$headers") # the last status line: a 100 Continue may come first
    wait=
    if (( retry < MAX_RETRIES )); then
      if [[ $code == 429 || $code == 503 ]] || [[ $idempotent == true && $code =~ ^50[024]$ ]]; then
        wait=$(_retry_after "$(grep -i '^retry-after:' "$headers" | tail -n 1 | cut -d: -f2- | tr -d '\r' | sed 's/^ *//')") || wait=$(_backoff "$retry")
      elif [[ -z $code && $idempotent == true ]]; then
        # No answer: the name did not resolve (6), the connection was refused (7), timed out (28), failed in TLS (35) or broke (52, 55, 56).
        case $status in 6 | 7 | 28 | 35 | 52 | 55 | 56) wait=$(_backoff "$retry") ;; esac
      fi
    fi
    if [[ -z $wait ]]; then
      cat "$body"
      cat "$errors" >&2
      rm -f "$headers" "$body" "$errors"
      return "$status"
    fi
    sleep "$wait"
  done
}
