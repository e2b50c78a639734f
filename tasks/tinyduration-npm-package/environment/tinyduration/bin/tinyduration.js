const { parse, format } = require('../lib/index.js');

const args = process.argv.slice(2);
if (args.length === 0 || args[0] === '--help') {
  console.log('usage: tinyduration DURATION...   (prints each normalised, e.g. 90m -> 1h30m)\n       tinyduration --ms DURATION...');
  process.exit(args.length === 0 ? 2 : 0);
}
const ms = args[0] === '--ms';
let status = 0;
for (const a of ms ? args.slice(1) : args) {
  try {
    console.log(ms ? String(parse(a)) : format(parse(a)));
  } catch (e) {
    console.error(`tinyduration: ${e.message}`);
    status = 1;
  }
}
process.exit(status);
