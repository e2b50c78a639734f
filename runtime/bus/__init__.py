"""The actors' bus: each actor appends to its own stream of the event log and follows the trial's events.

Actors (supervisor, sandbox, agent, user simulator) never call each other:
a ``StreamWriter`` is an actor's single writer on its stream (optimistic
concurrency, retried through log outages), a ``TrialFeed`` replays and
follows everything the trial's actors append; a ``Redactor`` keeps secrets
out of what a writer appends.
"""

from realcli.runtime.bus._bus import StreamWriter, TrialFeed, seal
from realcli.runtime.bus._redaction import Redactor

__all__ = ["Redactor", "StreamWriter", "TrialFeed", "seal"]
