"""logslice: slice application logs by level, component and time."""

__version__ = "0.9.1"
