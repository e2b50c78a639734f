"""Invoice tags, as printed in the PDF footer."""


def tags_summary(tags):
    """The invoice's tags for the footer: unique, stripped, lower-cased, joined with ', '."""
    unique = {t.strip().lower() for t in tags if t.strip()}
    return ", ".join(unique)
