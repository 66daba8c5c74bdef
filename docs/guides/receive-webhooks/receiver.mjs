// Receives the scanner's webhook deliveries and handles each verified event once.
import {createHmac, timingSafeEqual} from 'node:crypto';
import {createServer} from 'node:http';

const TOLERANCE_SECONDS = 300; // reject deliveries signed more than 5 minutes from now

/** True when a v1 signature matches the raw body under any of the secrets, and the timestamp is within the tolerance. */
function verifyDelivery(secrets, signatureHeader, body, now) {
  let timestamp;
  const signatures = [];
  for (const part of signatureHeader.split(',')) {
    const [key, value] = part.trim().split(/=(.*)/s);
    if (key === 't') timestamp = value;
    else if (key === 'v1') signatures.push(value);
  }
  if (!/^[0-9]+$/.test(timestamp ?? '') || signatures.length === 0) return false;
  if (Math.abs(now - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  // Bytes, not text: a forged header's non-ASCII characters make its bytes longer than its characters.
  const given = signatures.map((signature) => Buffer.from(signature));
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
    const hex = Buffer.from(expected.toString('hex'));
    return given.some((signature) => signature.length === hex.length && timingSafeEqual(signature, hex));
  });
}

// The current secret and, for the 24 hours after a rotation, the previous one.
const secrets = [process.env.WEBHOOK_SECRET, process.env.WEBHOOK_PREVIOUS_SECRET].filter(Boolean);
const handledIds = new Set(); // keep them in your database, so that restarts remember them

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks); // the raw bytes: parse JSON only after verifying them
    const signature = request.headers['x-scanner-signature'] ?? '';
    if (!verifyDelivery(secrets, signature, body, Date.now() / 1000)) {
      response.writeHead(401).end();
      return;
    }
    const event = JSON.parse(body);
    // The body's id is signed, unlike the X-Scanner-Delivery-Id header that repeats it.
    if (!handledIds.has(event.id)) {
      handledIds.add(event.id);
      console.log(event.event, event.id); // queue the real work here
    }
    response.writeHead(204).end();
  });
});

// Plain HTTP on the loopback address: put your HTTPS reverse proxy in front of it.
server.listen(Number(process.env.PORT ?? 8000), '127.0.0.1', () => {
  console.log(`Listening on port ${server.address().port}`);
});
