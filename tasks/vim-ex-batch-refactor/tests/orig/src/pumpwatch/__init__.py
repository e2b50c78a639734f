"""pumpwatch: level monitoring for the district's pump stations."""

from .sensors import get_level, get_level_raw, get_levels
from .station import PumpStation, PumpStationError

__all__ = ["PumpStation", "PumpStationError", "get_level", "get_levels", "get_level_raw"]
# vim: set ft=python ts=4 sw=4 et:
