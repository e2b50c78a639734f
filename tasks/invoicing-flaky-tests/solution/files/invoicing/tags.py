"""Invoice tags, as printed in the PDF footer."""


def tags_summary(tags):
    """The invoice's tags for the footer: unique, stripped, lower-cased, sorted, joined with ', '.

    Sorted, because a set's iteration order depends on PYTHONHASHSEED: the footer (and the
    test) changed from one process to the next.
    """
    unique = {t.strip().lower() for t in tags if t.strip()}
    return ", ".join(sorted(unique))
