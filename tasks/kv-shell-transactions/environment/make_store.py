"""Write /app/data/store.db in the old kvsh format (key=value lines), with the quirks of the real file."""
import sys

lines = [
    "# kvsh store v0.3 - feature flags and customer overrides",
    "# format: key=value (one per line)",
    "",
    "flag.new_checkout=on",
    "flag.klarna=off",
    "flag.gift_wrap=on",
    "cust.1042.discount=10%",
    "cust.1042.note=VIP - call before shipping  ",
    "cust.2210.delivery=Leave at door; code=4471#",
    "cust.2210.discount=",
    "cust.3305.note=  prefers email",
    "banner.text=Summer sale: 20% off tents = best prices!",
    "flag.klarna=on",
    "#flag.legacy_cart=on",
    "legacy-import-2019",
    "cust.4410.note=Returns: ask for \"order number\" first",
    "threshold.free_shipping=499",
    "cust.5120.name=Åsa Lindqvist",
]
data = "\n".join(lines[:9]) + "\r\n" + "\r\n".join(lines[9:12]) + "\n" + "\n".join(lines[12:]) + "\n"
open(sys.argv[1], "w", encoding="utf-8", newline="").write(data)
