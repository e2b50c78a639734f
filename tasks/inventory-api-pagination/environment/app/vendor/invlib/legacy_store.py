"""invlib 0.9.4 (vendored): cursor helpers of the old warehouse system."""


def fetch_items(cursor, table="items", where=None):
    """Rows of `table` as tuples; used by the reconcile job against the old MySQL schema."""
    sql = f"SELECT * FROM {table}"
    if where:
        sql += f" WHERE {where}"
    cursor.execute(sql)
    return cursor.fetchall()


def fetch_items_count(cursor, table="items"):
    cursor.execute(f"SELECT COUNT(*) FROM {table}")
    return cursor.fetchone()[0]
