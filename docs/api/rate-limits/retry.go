// Send a request, and on 429 (or 503) wait as Retry-After says, then send it again.
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

const (
	maxRetries   = 5                 // retries after the first request; then the 429 is returned
	fallbackWait = 30 * time.Second  // the wait when Retry-After is missing or not understood
	maxWait      = 300 * time.Second // never sleep longer than this, whatever the header says
)

// retryAfter is the wait a Retry-After value asks for: a number of seconds or an HTTP date.
func retryAfter(value string, fallback time.Duration) time.Duration {
	value = strings.TrimSpace(value)
	wait := fallback
	if seconds, err := strconv.Atoi(value); err == nil && seconds >= 0 {
		wait = time.Duration(seconds) * time.Second
	} else if when, err := http.ParseTime(value); err == nil {
		wait = time.Until(when)
		if wait < 0 {
			wait = 0
		}
	}
	if wait > maxWait {
		wait = maxWait
	}
	return wait
}

// doWithRetry sends the request newRequest makes; on 429 or 503, waits and sends a new one, at most retries times.
func doWithRetry(client *http.Client, newRequest func() (*http.Request, error), retries int, fallback time.Duration) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		request, err := newRequest()
		if err != nil {
			return nil, err
		}
		response, err := client.Do(request)
		if err != nil || (response.StatusCode != http.StatusTooManyRequests && response.StatusCode != http.StatusServiceUnavailable) || attempt == retries {
			return response, err
		}
		io.Copy(io.Discard, response.Body)
		response.Body.Close()
		time.Sleep(retryAfter(response.Header.Get("Retry-After"), fallback))
	}
}

// go run retry.go URL [MAX_RETRIES] [FALLBACK_SECONDS]: GETs the URL with the API key of API_KEY.
func main() {
	retries, fallback := maxRetries, fallbackWait
	if len(os.Args) > 2 {
		retries, _ = strconv.Atoi(os.Args[2])
	}
	if len(os.Args) > 3 {
		seconds, _ := strconv.ParseFloat(os.Args[3], 64)
		fallback = time.Duration(seconds * float64(time.Second))
	}
	client := &http.Client{Timeout: 30 * time.Second}
	response, err := doWithRetry(client, func() (*http.Request, error) {
		request, err := http.NewRequest(http.MethodGet, os.Args[1], nil)
		if err == nil {
			request.Header.Set("Authorization", "JWT "+os.Getenv("API_KEY"))
		}
		return request, err
	}, retries, fallback)
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
