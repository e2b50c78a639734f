"""invoicing: the small helpers behind our invoice PDFs."""
