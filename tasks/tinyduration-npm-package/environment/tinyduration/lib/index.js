'use strict';
// tinyduration: parse and format short durations like "1h30m" or "250ms".

const UNITS = { d: 86400000, h: 3600000, m: 60000, s: 1000, ms: 1 };
const ORDER = ['d', 'h', 'm', 's', 'ms'];
const PART = /(\d+(?:\.\d+)?)(ms|d|h|m|s)/y;

function parse(text) {
  if (typeof text !== 'string' || text.trim() === '') throw new TypeError('duration must be a non-empty string');
  const s = text.trim().toLowerCase();
  let total = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < s.length) {
    const m = PART.exec(s);
    if (!m) throw new SyntaxError(`invalid duration: ${text}`);
    total += parseFloat(m[1]) * UNITS[m[2]];
  }
  return Math.round(total);
}

function format(ms) {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('milliseconds must be a finite number >= 0');
  if (ms === 0) return '0s';
  let rest = Math.round(ms);
  let out = '';
  for (const unit of ORDER) {
    const n = Math.floor(rest / UNITS[unit]);
    if (n > 0) { out += n + unit; rest -= n * UNITS[unit]; }
  }
  return out;
}

module.exports = { parse, format, UNITS };
