"""slugkit: URL slugs for our services."""
from slugkit.core import make_slug, slugify

__version__ = "1.4.0"
__all__ = ["slugify", "make_slug", "__version__"]
