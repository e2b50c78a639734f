const assert = require('node:assert');
const test = require('node:test');
const { parse, format } = require('../lib/index.js');

test('parse', () => {
  assert.strictEqual(parse('1h30m'), 5400000);
  assert.strictEqual(parse('250ms'), 250);
  assert.strictEqual(parse('1.5s'), 1500);
  assert.throws(() => parse('soon'));
});

test('format', () => {
  assert.strictEqual(format(5400000), '1h30m');
  assert.strictEqual(format(0), '0s');
  assert.strictEqual(format(90061001), '1d1h1m1s1ms');
});
