"""The task format: a Harbor-format task directory (docs/task-format.md) in, a validated ``Task`` out.

Reading tasks needs no engine and no actor: ``realcli lint``, ``coverage``
and ``align`` use this package alone.  ``load_task`` refuses what would make
a task run incorrectly with one-line ``TaskFormatError`` messages;
``unimplemented_keys`` lists the task.toml keys realcli ignores;
``tree_digest`` hashes a directory's content; ``resolve_env`` fills Harbor's
``${VAR}`` templates at run time.
"""

from realcli.taskformat._digest import tree_digest
from realcli.taskformat._harbor_keys import unimplemented_keys
from realcli.taskformat._interaction import SCRIPT_SCHEMA_VERSION
from realcli.taskformat._task import Task, find_tasks, load_task
from realcli.taskformat._templating import resolve_env

__all__ = [
    "SCRIPT_SCHEMA_VERSION",
    "Task",
    "find_tasks",
    "load_task",
    "resolve_env",
    "tree_digest",
    "unimplemented_keys",
]
