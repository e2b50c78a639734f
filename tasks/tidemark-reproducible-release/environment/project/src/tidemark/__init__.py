"""tidemark: tide tables for small harbours from harmonic constants."""

__version__ = "1.4.2"
