"""The task format: a Harbor-format task directory (docs/task-format.md) in, a validated ``Task`` out.

Reading tasks needs no engine and no actor: ``realcli lint``, ``coverage``
and ``align`` use this package alone.  ``load_task`` refuses what would make
a task run incorrectly with one-line ``TaskFormatError`` messages;
``unimplemented_keys`` lists the task.toml keys realcli ignores;
``tree_digest`` hashes a directory's content; ``TaskEnv`` fills Harbor's
``${VAR}`` templates at run time from the host variables the user opted into
(``template_refs`` lists them; ``refusal`` says why a variable is never passed).
"""

from realcli.taskformat._digest import tree_digest
from realcli.taskformat._harbor_keys import unimplemented_keys
from realcli.taskformat._secrets import refusal
from realcli.taskformat._task import Task, find_tasks, load_task
from realcli.taskformat._templating import TASK_ENV_VAR, TaskEnv, template_refs

__all__ = [
    "TASK_ENV_VAR",
    "Task",
    "TaskEnv",
    "find_tasks",
    "load_task",
    "refusal",
    "template_refs",
    "tree_digest",
    "unimplemented_keys",
]
