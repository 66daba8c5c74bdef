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

// verifyDelivery reports whether a v1 signature matches the raw body and the timestamp is within the tolerance.
func verifyDelivery(secret, signatureHeader string, body []byte, now time.Time) bool {
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
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "."))
	mac.Write(body)
	expected := hex.EncodeToString(mac.Sum(nil))
	for _, signature := range signatures {
		if hmac.Equal([]byte(signature), []byte(expected)) {
			return true
		}
	}
	return false
}

func main() {
	secret := os.Getenv("WEBHOOK_SECRET")
	var mutex sync.Mutex
	handledIDs := map[string]bool{} // keep them in your database, so that restarts remember them

	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body) // the raw bytes: parse JSON only after verifying them
		if err != nil || !verifyDelivery(secret, r.Header.Get("X-Scanner-Signature"), body, time.Now()) {
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
