"""The no-network hint: a trial whose sandbox had no network and whose commands failed to reach one.

A task that needs the network (a verifier that installs packages, an
instruction that says "download") fails in an isolated sandbox for a reason
that has nothing to do with the agent.  ``validate`` and the report say so
instead of leaving a bare 0 to be read as the agent's failure.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["NO_NETWORK_HINT", "no_network_failure"]

NO_NETWORK_HINT: Final = (
    "the sandbox had no network: commands failed on name resolution "
    "(the task declares allow_internet = false / network_mode = 'no-network', or the run used --network none)"
)

# What resolvers and clients print when there is no network at all (glibc, curl, wget, pip,
# apt, npm, git, Go, Python's socket module).
_NO_NETWORK: Final = re.compile(
    r"Temporary failure in name resolution|Temporary failure resolving|Could not resolve host|Could not resolve '|"
    r"Name or service not known|No address associated with hostname|unable to resolve host address|"
    r"getaddrinfo (?:ENOTFOUND|EAI_AGAIN)|\[Errno -[23]\]|dial tcp: lookup |"
    r"Network is unreachable|Failed to establish a new connection"
)


def no_network_failure(text: str) -> bool:
    """Whether command output shows a failure to resolve or reach a host."""
    return _NO_NETWORK.search(text) is not None
