"""A pump station: its RTU, its pumps and the level it must hold."""

from .sensors import get_level


class PumpStationError(RuntimeError):
    """A PumpStation could not be read or commanded."""


class PumpStation:
    """One station; PumpStation.poll() reads the level and decides on the pumps."""

    def __init__(self, name, rtu, start_m=1.8, stop_m=0.6):
        self.name, self.rtu = name, rtu
        self.start_m, self.stop_m = start_m, stop_m
        self._last = None

    def _get_level(self):
        return get_level(self.rtu)

    def forget_level(self):
        self._last = None

    def poll(self):
        try:
            self._last = self._get_level()
        except OSError as exc:
            raise PumpStationError(f"{self.name}: get_level failed: {exc}") from exc
        return self._last
# vim: set ft=python ts=4 sw=4 et:
