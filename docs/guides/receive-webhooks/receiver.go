// Receives the scanner's webhook deliveries and handles each verified event once.
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

const toleranceSeconds = 300 // reject deliveries signed more than 5 minutes from now

// verifyDelivery reports whether a v1 signature matches the raw body under any of the secrets, and the timestamp is within the tolerance.
func verifyDelivery(secrets []string, signatureHeader string, body []byte, now time.Time) bool {
	var timestamp string
	var signatures []string
	for _, part := range strings.Split(signatureHeader, ",") {
		key, value, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch key {
		case "t":
			timestamp = value
		case "v1":
			signatures = append(signatures, value)
		}
	}
	seconds, err := strconv.ParseUint(timestamp, 10, 63)
	if err != nil || len(signatures) == 0 {
		return false
	}
	if age := now.Unix() - int64(seconds); age > toleranceSeconds || age < -toleranceSeconds {
		return false
	}
	for _, secret := range secrets {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(timestamp + "."))
		mac.Write(body)
		expected := []byte(hex.EncodeToString(mac.Sum(nil)))
		for _, signature := range signatures {
			if hmac.Equal([]byte(signature), expected) {
				return true
			}
		}
	}
	return false
}

func main() {
	// The current secret and, for the 24 hours after a rotation, the previous one.
	secrets := []string{os.Getenv("WEBHOOK_SECRET")}
	if previous := os.Getenv("WEBHOOK_PREVIOUS_SECRET"); previous != "" {
		secrets = append(secrets, previous)
	}
	var mutex sync.Mutex
	handledIDs := map[string]bool{} // keep them in your database, so that restarts remember them

	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body) // the raw bytes: parse JSON only after verifying them
		if err != nil || !verifyDelivery(secrets, r.Header.Get("X-Scanner-Signature"), body, time.Now()) {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		var event struct {
			ID    string `json:"id"`
			Event string `json:"event"`
		}
		if err := json.Unmarshal(body, &event); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		// The body's id is signed, unlike the X-Scanner-Delivery-Id header that repeats it.
		mutex.Lock()
		first := !handledIDs[event.ID]
		handledIDs[event.ID] = true
		mutex.Unlock()
		if first {
			fmt.Println(event.Event, event.ID) // queue the real work here
		}
		w.WriteHeader(http.StatusNoContent)
	})

	port := os.Getenv("PORT")
	if port == "" {
		port = "8000"
	}
	// Plain HTTP on the loopback address: put your HTTPS reverse proxy in front of it.
	listener, err := net.Listen("tcp", "127.0.0.1:"+port)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("Listening on port %d\n", listener.Addr().(*net.TCPAddr).Port)
	log.Fatal(http.Serve(listener, nil))
}
