"""textkit: small text helpers shared by the blog and the shop (slugs, truncation)."""
from .slug import slugify
from .trim import truncate

__all__ = ["slugify", "truncate"]
__version__ = "1.4.0"
