"""greetlib: friendly greetings."""
from .core import greet

__all__ = ["greet"]
__version__ = "0.3.1"
