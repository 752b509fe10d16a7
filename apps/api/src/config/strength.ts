/**
 * Checks of the secrets and settings production refuses when weak. Each answers why a value
 * is refused, or undefined when it is fine; config/index.ts names the variable.
 */
import { isIP } from 'node:net';

/** Words a guesser tries first; a password containing one (any case) is refused. */
const COMMON = [
  'password',
  'passwort',
  'admin',
  'qwerty',
  'letmein',
  'welcome',
  'changeme',
  '123456',
  'abc123',
  'iloveyou',
  'tshirt',
  'shop',
];

/** Characters drawn from the classes present: a rough upper bound of a password's entropy. */
function poolBits(value: string): number {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/];
  const sizes = [26, 26, 10, 33];
  const pool = classes.reduce((sum, re, i) => sum + (re.test(value) ? sizes[i]! : 0), 0);
  return value.length * Math.log2(Math.max(pool, 1));
}

/** Shannon entropy of the characters as they occur: low for repeats ("aaaa…", "abab…"). */
function shannonBits(value: string): number {
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  const n = [...value].length;
  let perChar = 0;
  for (const count of counts.values()) perChar -= (count / n) * Math.log2(count / n);
  return perChar * n;
}

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

/** Why an admin password is too weak for production, or undefined. */
export function weakPasswordReason(password: string): string | undefined {
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
    return `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`;
  const lower = password.toLowerCase();
  const word = COMMON.find((w) => lower.includes(w));
  if (word) return `contains a common word or sequence ("${word}")`;
  if (new Set(password).size < 6 || shannonBits(password) < 40 || poolBits(password) < 60)
    return 'is too easy to guess (too few different characters)';
  return undefined;
}

/** Why a JWT secret is too predictable for production, or undefined (its length is checked apart). */
export function weakSecretReason(secret: string): string | undefined {
  // 32 random hex digits carry about 100 bits by this measure; 32 × "a" none.
  if (new Set(secret).size < 10 || shannonBits(secret) < 96)
    return 'is too predictable (repeated or too few different characters); use a random value, e.g. `openssl rand -base64 48`';
  return undefined;
}

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;

/** JWT_EXPIRES_IN: a number with a unit (s, m, h or d), from 5 minutes to 30 days. */
export function parseDuration(value: string): { seconds: number } | { error: string } {
  const m = /^(\d+)(s|m|h|d)$/.exec(value.trim());
  if (!m) return { error: 'must be a number with a unit: s, m, h or d (e.g. 7d, 12h)' };
  const seconds = Number(m[1]) * UNIT_SECONDS[m[2] as keyof typeof UNIT_SECONDS];
  if (seconds < 300 || seconds > 30 * 86_400) return { error: 'must be from 5m to 30d' };
  return { seconds };
}

/** Express's named subnets, or an address with an optional prefix length. */
const NAMED_SUBNETS = ['loopback', 'linklocal', 'uniquelocal'];
function isSubnet(entry: string): boolean {
  if (NAMED_SUBNETS.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off, a hop count, or the proxies' addresses and subnets. `true` would believe any
 * X-Forwarded-For a client sends, so anyone could dodge every per-address limit: refused.
 */
export function parseTrustProxy(
  value: string | undefined,
): { value: false | number | string[] } | { error: string } {
  if (value === undefined || value === 'false' || value === '0') return { value: false };
  if (value === 'true')
    return {
      error:
        'true trusts any X-Forwarded-For a client sends, so anyone could dodge the per-address rate limits; give the number of proxies in front of the shop (e.g. 1) or their addresses or subnets (e.g. 10.0.0.0/8)',
    };
  if (/^\d+$/.test(value)) return { value: Number(value) };
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isSubnet(e));
  if (bad !== undefined || !entries.length)
    return {
      error: `"${bad ?? value}" is neither a hop count nor an address or subnet (e.g. 1, or 10.0.0.0/8,loopback)`,
    };
  return { value: entries };
}
