"""Reading the wet-well level from a station's RTU."""

import logging

log = logging.getLogger(__name__)

# The RTU protocol verb; it is the device's name for the command, not ours.
VERB = b"GET_LEVEL"


def get_level_raw(rtu, channel=0):
    """The raw 4-20 mA reading of one channel."""
    return rtu.request(VERB, channel)


def get_level(rtu, channel=0):
    """The level in metres above the well floor (get_level_raw, scaled)."""
    raw = get_level_raw(rtu, channel)
    level = (raw - 4.0) / 16.0 * rtu.span_m
    log.debug("get_level(%s) = %.2f m", rtu.name, level)
    return level


def get_levels(rtus):
    """get_level for every RTU; a failed one is logged by get_level's caller and skipped."""
    return {r.name: get_level(r) for r in rtus if r.online}
# vim: set ft=python ts=4 sw=4 et:
