"""Receives the scanner's webhook deliveries and handles each verified event once."""
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

TOLERANCE_SECONDS = 300  # reject deliveries signed more than 5 minutes from now


def verify_delivery(secrets: list, signature_header: str, body: bytes, now: float) -> bool:
    """True when a v1 signature matches the raw body under any of the secrets, and the timestamp is within the tolerance."""
    timestamp, signatures = None, []
    for part in signature_header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t":
            timestamp = value
        elif key == "v1":
            signatures.append(value)
    if not timestamp or not (timestamp.isascii() and timestamp.isdigit()) or not signatures:
        return False
    if abs(now - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    signed = timestamp.encode() + b"." + body
    expected = [hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest().encode() for secret in secrets]
    # Bytes, not text: compare_digest refuses text that is not ASCII, which a forged header may hold.
    given = [signature.encode() for signature in signatures]
    return any(hmac.compare_digest(mine, theirs) for mine in expected for theirs in given)


# The current secret and, for the 24 hours after a rotation, the previous one.
SECRETS = [secret for secret in (os.environ["WEBHOOK_SECRET"], os.environ.get("WEBHOOK_PREVIOUS_SECRET")) if secret]
handled_ids = set()  # keep them in your database, so that restarts remember them


class WebhookHandler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        signature = self.headers.get("X-Scanner-Signature", "")
        if not verify_delivery(SECRETS, signature, body, time.time()):
            self.send_response(401)
            self.end_headers()
            return
        event = json.loads(body)
        # The body's id is signed, unlike the X-Scanner-Delivery-Id header that repeats it.
        if event["id"] not in handled_ids:
            handled_ids.add(event["id"])
            print(event["event"], event["id"], flush=True)  # queue the real work here
        self.send_response(204)
        self.end_headers()


if __name__ == "__main__":
    # Plain HTTP on the loopback address: put your HTTPS reverse proxy in front of it.
    server = HTTPServer(("127.0.0.1", int(os.environ.get("PORT", "8000"))), WebhookHandler)
    print(f"Listening on port {server.server_address[1]}", flush=True)
    server.serve_forever()
