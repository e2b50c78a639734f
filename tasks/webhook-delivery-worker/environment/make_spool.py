"""Build /app/spool (the live spool) and the empty old spool /var/spool/webhooks (deterministic)."""
import json
import os

SPOOL = "/app/spool"
for root in (SPOOL, "/var/spool/webhooks"):
    for folder in ("pending", "done", "failed", "dead"):
        os.makedirs(os.path.join(root, folder), exist_ok=True)


def body(**kw):
    return json.dumps(kw, separators=(",", ":"), ensure_ascii=False)


def put(folder, job):
    with open(os.path.join(SPOOL, folder, job["id"] + ".json"), "w", encoding="utf-8") as f:
        json.dump(job, f, indent=2, ensure_ascii=False)
        f.write("\n")


tenants = {
    "fjallbacka-outfitters": "https://hooks.fjallbacka-outfitters.example/lindqvist",
    "nordpaddel": "https://api.nordpaddel.example/webhooks/orders",
    "medvik-health": "https://integrations.medvik-health.example/hooks/shop",
    "tromso-tinds": "https://tromso-tinds.example/api/incoming",
}
pending = [
    ("evt_7c1e0b92a4", "nordpaddel", "order.paid", 0, None, "2024-06-18T08:02:11Z", body(order=58211, total="1249.00", currency="SEK")),
    ("evt_7c1e0b9f31", "fjallbacka-outfitters", "order.shipped", 1, "2024-06-18T08:15:00Z", "2024-06-18T08:09:40Z", body(order=58190, carrier="PostNord", tracking="UA123456785SE")),
    ("evt_7c1e0ba402", "tromso-tinds", "refund.created", 2, "2024-06-18T09:30:00Z", "2024-06-18T08:12:03Z", body(refund=912, order=57702, amount="399.50")),
    ("evt_7c1e0bb7d8", "nordpaddel", "order.paid", 0, None, "2024-06-18T08:20:55Z", body(order=58230, total="89.90", currency="SEK", note="Leverans till Malmö")),
]
for jid, tenant, event, attempts, nxt, created, b in pending:
    put("pending", {"id": jid, "tenant": tenant, "url": tenants[tenant], "event": event, "body": b,
                    "attempts": attempts, "next_attempt_at": nxt, "created_at": created})

outage = [
    ("evt_6f93d01a11", "nordpaddel", "order.paid", "2024-06-17T13:01:12Z", body(order=58002, total="560.00", currency="SEK")),
    ("evt_6f93d01c5e", "medvik-health", "order.paid", "2024-06-17T13:02:40Z", body(order=58005, total="2150.00", currency="SEK", customer_ref="MV-88213")),
    ("evt_6f93d02077", "fjallbacka-outfitters", "order.shipped", "2024-06-17T13:05:09Z", body(order=57980, carrier="DHL", tracking="JD014600006281230012")),
    ("evt_6f93d024b0", "tromso-tinds", "order.paid", "2024-06-17T13:09:51Z", body(order=58011, total="74.50", currency="NOK")),
    ("evt_6f93d029e3", "medvik-health", "refund.created", "2024-06-17T13:14:22Z", body(refund=905, order=57650, amount="310.00", customer_ref="MV-87001")),
    ("evt_6f93d02d46", "nordpaddel", "order.cancelled", "2024-06-17T13:20:37Z", body(order=58019, reason="customer_request")),
    ("evt_6f93d0318c", "fjallbacka-outfitters", "order.paid", "2024-06-17T13:26:03Z", body(order=58024, total="3320.00", currency="SEK")),
]
for jid, tenant, event, created, b in outage:
    put("dead", {"id": jid, "tenant": tenant, "url": tenants[tenant], "event": event, "body": b, "attempts": 5,
                 "next_attempt_at": None, "created_at": created, "last_status": 503, "dead_reason": "outage-2024-06-17"})
put("dead", {"id": "evt_5a20c7e114", "tenant": "tromso-tinds", "url": "https://tromso-tinds.example/api/old-hook",
             "event": "order.paid", "body": body(order=56120, total="120.00", currency="NOK"), "attempts": 1,
             "next_attempt_at": None, "created_at": "2024-05-30T10:11:00Z", "last_status": 410, "dead_reason": "gone"})
put("dead", {"id": "evt_5b8812fe03", "tenant": "nordpaddel", "url": tenants["nordpaddel"], "event": "order.paid",
             "body": body(order=56940, total="45.00", currency="SEK"), "attempts": 5, "next_attempt_at": None,
             "created_at": "2024-06-05T16:40:18Z", "last_status": 500, "dead_reason": "max-attempts"})
with open(os.path.join(SPOOL, "dead", "evt_5c01a9b7e2.json"), "w") as f:
    f.write('{"id": "evt_5c01a9b7e2", "tenant": "nordpaddel", "url": "https://api.nordpaddel.example/webhooks/orders", "event": "order.paid", "body": "{\\"order\\":57')
put("done", {"id": "evt_6e00aa0101", "tenant": "nordpaddel", "url": tenants["nordpaddel"], "event": "order.paid",
             "body": body(order=57990, total="99.00", currency="SEK"), "attempts": 1, "next_attempt_at": None,
             "created_at": "2024-06-17T12:58:00Z", "delivered_at": "2024-06-17T12:58:01Z", "last_status": 200})
put("failed", {"id": "evt_6e00aa0f77", "tenant": "tromso-tinds", "url": "https://tromso-tinds.example/api/incoming",
               "event": "order.paid", "body": body(order=57991, total="15.00", currency="NOK"), "attempts": 1,
               "next_attempt_at": None, "created_at": "2024-06-17T12:59:30Z", "last_status": 422})
with open(os.path.join(SPOOL, "holds.txt"), "w") as f:
    f.write("# Tenants whose webhook deliveries are on hold (legal / DPO decisions). One tenant per line.\n"
            "# medvik-health: deliveries paused pending the customer's DPA renewal (ticket LEGAL-311).\n"
            "medvik-health\n")
