/**
 * Wording the contract's terms contradict or the plain register rules out, so no
 * page teaches a term the API defines otherwise. Matched across line breaks, since
 * sources wrap their text.
 */
import fs from 'node:fs';
import type {Problem} from './http-requests';

interface WordingRule {
  words: RegExp;
  instead: string;
}

const WORDING_RULES: WordingRule[] = [
  {
    // ScanningAgent: the service a customer runs inside their network; the hosted capacity is the scanner, never an agent.
    words:
      /\b(?:a|the)\s+(?:\*\*)?scanning\s+agent(?:\*\*)?\s+(?:picks|takes|is\s+(?:free|where))\b|\ban\s+agent\s+(?:picks|is\s+running\s+it)\b|\bwait(?:s|ing)?\s+for\s+(?:a|the)\s+scanning\s+agent\b|\bfree\s+scanning\s+agent\b|\bhosted\s+fleet\b/gi,
    instead: 'a scanning agent is the agent a customer runs inside their network; queued scans are picked up by the scanner: write "the scanner picks it up"',
  },
  {
    // ScanStatus: only a `started` scan moves to `failed`; a queued one waits for its scanner or agent.
    words: /\bqueued`?,?\s+then\s+fails?\b|\bwaits?,\s+then\s+fails?\b/gi,
    instead: 'a queued scan never fails (ScanStatus: only a started scan moves to failed): write that it stays queued',
  },
  {
    // TargetType.domain: a target scanned as a whole, verified like any other; the proof is the domain object's.
    words:
      /\bdomain`?\s+(?:target\s+)?(?:for\s+)?a\s+domain\s+name\s+that\s+proves\s+ownership\b|\bonly\s+`?web[_ ]apps?`?\s+and\s+`?API`?\s+targets\s+(?:become|are|can\s+be)\s+(?:verified|scanned)\b/gi,
    instead:
      'a `domain` target is scanned as a whole and, like every target, is verified by a domain of /api/v1/domains/ that covers it: it proves nothing itself',
  },
  {
    // ApiUserPolicy.key_expires_at belongs to the API user: a key rotated before the expiry moves is born expired.
    words: /\brotate\s+(?:the\s+)?key,?\s+(?:and|then)\s+(?:set|move)\b[^.|]*?key_expires_at/gi,
    instead: "the new key keeps the policy's key_expires_at: set a later key_expires_at first, then rotate",
  },
  {
    // The gate reads Scan.coverage: `complete`, and `gaps` for why; warnings only explain the gaps.
    words: /\bcoverage\s+warnings?\b/gi,
    instead: 'coverage is judged by the scan\'s coverage.complete, with coverage.gaps saying why: write "coverage gaps"',
  },
  {
    // ApiUser.key_prefix: the start of the key's signature; every key's own start is its encoded header.
    words: /\b(?:its|the\s+key's)\s+first\s+(?:8\s+|eight\s+)?characters\b(?!\s+of\s+(?:its|the\s+key's)\s+signature)/gi,
    instead: "every key starts alike (its encoded header): name its key_prefix, the first 8 characters of the key's signature",
  },
  {
    // Finding.fingerprint is a field of its own, the hash a later scan matches the finding by; the id stays.
    words: /\bfinding's\s+`?id`?\s+is\s+its\s+`?fingerprint\b`?/gi,
    instead: "a finding's `fingerprint` is a field of its own, by which a later scan matches it: say what uses the `id`",
  },
  {
    // x-required-permission: every operation names one codename, which a reader's administrator assigns through a role.
    words:
      /\bthe\s+permissions?\s+to\s+(?:manage|read|view|control|start|scan|re-?test|create|change|update|delete|use|rotate|verify|generate|run)\b(?![^.\n]*`[a-z_]+\.[a-z_]+`)/gi,
    instead: "name the permission by its codename (`targets.scan`), as the operation's page and the required-permissions page do",
  },
  {
    words: /\banswer(?:s|ed|ing)?\s+`?\d{3}\b`?/gi,
    instead: 'an HTTP status is returned, with its reason phrase: write "returns `409 Conflict`"',
  },
  {
    words: /\bthe\s+fields\s+that\s+matter\b/gi,
    instead: 'a repeated lead-in: name what the fields say instead',
  },
];

export function wordingProblemsOf(text: string): Problem[] {
  return WORDING_RULES.flatMap((rule) =>
    [...text.matchAll(rule.words)].map((match) => ({
      line: text.slice(0, match.index).split('\n').length,
      message: `"${match[0].replace(/\s+/g, ' ')}": ${rule.instead}`,
    })),
  ).sort((a, b) => a.line - b.line);
}

export function wordingProblems(file: string): Problem[] {
  return wordingProblemsOf(fs.readFileSync(file, 'utf8'));
}
