"""The actors' bus: each actor appends to its own stream of the event log and follows the trial's events.

Actors (supervisor, sandbox, agent, user simulator) never call each other:
a ``StreamWriter`` is an actor's single writer on its stream (optimistic
concurrency, retried through log outages), a ``TrialFeed`` replays and
follows everything the trial's actors append.
"""

from realcli.runtime.bus._bus import StreamWriter, TrialFeed, events_of

__all__ = ["StreamWriter", "TrialFeed", "events_of"]
