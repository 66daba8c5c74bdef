// Send a request again when the API asks for it or the request failed on the way.
package main

import (
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

const (
	maxRetries     = 5                  // retries after the first request; then the last answer, or error, is yours
	backoffSeconds = 1.0                // the first wait without a Retry-After; it doubles with each retry
	maxWait        = 3600 * time.Second // the longest Retry-After the API sends
)

// retryAlways: the API did nothing and says when to come back. retryIfIdempotent: the request may have been
// carried out, so only a method that may run twice is sent again.
var (
	retryAlways       = map[int]bool{http.StatusTooManyRequests: true, http.StatusServiceUnavailable: true}
	retryIfIdempotent = map[int]bool{http.StatusInternalServerError: true, http.StatusBadGateway: true, http.StatusGatewayTimeout: true}
	idempotentMethods = map[string]bool{http.MethodGet: true, http.MethodHead: true, http.MethodOptions: true, http.MethodPut: true, http.MethodDelete: true}
)

// Go before 1.20 starts math/rand from the same seed in every process, which would make every client's jitter the same.
func init() { rand.Seed(time.Now().UnixNano()) }

// retryAfter is the wait a Retry-After value asks for (a number of seconds or an HTTP date); false when it says nothing readable.
func retryAfter(value string) (time.Duration, bool) {
	value = strings.TrimSpace(value)
	var wait time.Duration
	if seconds, err := strconv.Atoi(value); err == nil && seconds >= 0 {
		wait = time.Duration(seconds) * time.Second
	} else if when, err := http.ParseTime(value); err == nil {
		wait = time.Until(when)
		if wait < 0 {
			wait = 0
		}
	} else {
		return 0, false
	}
	if wait > maxWait {
		wait = maxWait
	}
	return wait, true
}

// backoff is exponential with jitter: between half and all of backoff × 2^retry, so that clients spread out.
func backoff(retry int, backoff float64) time.Duration {
	ceiling := time.Duration(backoff * float64(int64(1)<<retry) * float64(time.Second))
	if ceiling > maxWait {
		ceiling = maxWait
	}
	return ceiling/2 + time.Duration(rand.Int63n(int64(ceiling/2)+1))
}

// doWithRetry sends the request newRequest makes, and a new one while the answer is 429 or 503, or for an
// idempotent method 500, 502, 504 or no answer at all, at most retries times.
func doWithRetry(client *http.Client, newRequest func() (*http.Request, error), retries int, backoffSeconds float64) (*http.Response, error) {
	for retry := 0; ; retry++ {
		request, err := newRequest()
		if err != nil {
			return nil, err
		}
		idempotent := idempotentMethods[request.Method]
		last := retry == retries
		response, err := client.Do(request)
		if err != nil {
			if last || !idempotent {
				return nil, err
			}
			time.Sleep(backoff(retry, backoffSeconds))
			continue
		}
		if last || !(retryAlways[response.StatusCode] || idempotent && retryIfIdempotent[response.StatusCode]) {
			return response, nil
		}
		io.Copy(io.Discard, response.Body)
		response.Body.Close()
		wait, ok := retryAfter(response.Header.Get("Retry-After"))
		if !ok {
			wait = backoff(retry, backoffSeconds)
		}
		time.Sleep(wait)
	}
}

// go run retry.go URL [MAX_RETRIES] [BACKOFF_SECONDS] [METHOD]: sends a GET, or METHOD, to the URL with the API key of API_KEY.
func main() {
	retries, backoffs, method := maxRetries, backoffSeconds, http.MethodGet
	if len(os.Args) > 2 {
		retries, _ = strconv.Atoi(os.Args[2])
	}
	if len(os.Args) > 3 {
		backoffs, _ = strconv.ParseFloat(os.Args[3], 64)
	}
	if len(os.Args) > 4 {
		method = os.Args[4]
	}
	client := &http.Client{Timeout: 30 * time.Second}
	response, err := doWithRetry(client, func() (*http.Request, error) {
		request, err := http.NewRequest(method, os.Args[1], nil)
		if err == nil {
			request.Header.Set("Authorization", "JWT "+os.Getenv("API_KEY"))
		}
		return request, err
	}, retries, backoffs)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer response.Body.Close()
	fmt.Println(response.StatusCode)
	if response.StatusCode >= 300 {
		os.Exit(1)
	}
}
