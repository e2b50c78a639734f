from invoicing.tags import tags_summary


def test_tags_summary():
    assert tags_summary(["Urgent", "billing", " urgent "]) == "billing, urgent"


def test_tags_summary_empty():
    assert tags_summary(["", "  "]) == ""
