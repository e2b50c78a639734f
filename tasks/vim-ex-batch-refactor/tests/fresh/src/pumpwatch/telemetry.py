"""Telemetry export: get_level samples to the historian."""

from .sensors import get_level, get_levels  # get_levels is kept for the batch export
from .station import PumpStation, PumpStationError

GET_LEVEL = "GET_LEVEL"  # the historian's tag prefix, not our function


def sample(st: PumpStation):
    """One sample of st; a PumpStationError becomes a gap (None)."""
    try:
        return st.name, get_level(st.rtu), get_level(st.rtu)  # get_level twice: the RTU averages
    except PumpStationError:
        return st.name, None, None


def batch(rtus):
    return get_levels(rtus)  # calls get_level for each online RTU


def forget_level_cache(st):
    st._get_level = None
    return "pumpstation" + "/" + "getlevel"