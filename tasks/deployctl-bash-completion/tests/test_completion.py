"""Bash completion for deployctl: what bash offers for command lines, loaded as bash-completion loads it."""

import subprocess
from pathlib import Path

import pytest

FILE = Path("/usr/share/bash-completion/completions/deployctl")
HERE = Path(__file__).parent
SERVICES = ["billing-api", "checkout", "notifications", "search-indexer", "web-frontend"]
ENVS = ["dev", "prod-eu", "prod-us", "staging"]


def offered(line: str) -> list[str]:
    done = subprocess.run(["bash", str(HERE / "complete.sh"), line], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_installed_where_bash_completion_loads_it_on_demand() -> None:
    assert FILE.is_file(), f"{FILE} is missing"
    done = subprocess.run(["bash", "-c", "source /usr/share/bash-completion/bash_completion; _completion_loader deployctl; complete -p deployctl"],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "complete -F _deployctl deployctl"


@pytest.mark.parametrize(("line", "want"), [
    ("deployctl ", ["config", "deploy", "logs", "rollback", "status"]),
    ("deployctl de", ["deploy"]),
    ("deployctl -", ["--help", "--profile", "--version"]),
])
def test_subcommands_and_global_options(line: str, want: list[str]) -> None:
    assert offered(line) == want


@pytest.mark.parametrize(("line", "want"), [
    ("deployctl deploy -", ["--dry-run", "--env", "--force", "--help", "--tag"]),
    ("deployctl rollback --", ["--env", "--help", "--to"]),
    ("deployctl status -", ["--env", "--help"]),
    ("deployctl logs checkout --", ["--env", "--follow", "--help", "--since"]),
    ("deployctl config -", ["--help"]),
])
def test_options_of_each_subcommand(line: str, want: list[str]) -> None:
    assert offered(line) == want


def test_env_values_from_the_environments_file() -> None:
    assert offered("deployctl deploy --env ") == ENVS
    assert offered("deployctl status --env p") == ["prod-eu", "prod-us"]


def test_env_values_after_an_equals_sign() -> None:
    assert offered("deployctl deploy --env=pr") == ["prod-eu", "prod-us"]
    assert offered("deployctl deploy --env=staging ") == SERVICES


def test_values_are_read_at_completion_time() -> None:
    envs = Path("/etc/deployctl/environments")
    before = envs.read_text()
    envs.write_text(before + "qa-2\n")
    service = Path("/etc/deployctl/services.d/payments.yaml")
    service.write_text("name: payments\n")
    try:
        assert "qa-2" in offered("deployctl deploy --env ")
        assert "payments" in offered("deployctl deploy ")
    finally:
        envs.write_text(before)
        service.unlink()


def test_service_names_only_enabled_services_once() -> None:
    assert offered("deployctl deploy ") == SERVICES
    assert offered("deployctl rollback --env dev che") == ["checkout"]
    assert offered("deployctl deploy --env staging billing-api ") == []
    assert offered("deployctl logs --follow ") == SERVICES


def test_profile_values() -> None:
    assert offered("deployctl --profile ") == ["ci", "default", "oncall"]
    assert offered("deployctl --profile ci ") == ["config", "deploy", "logs", "rollback", "status"]


def test_free_values_get_no_suggestions() -> None:
    for line in ("deployctl deploy --tag ", "deployctl rollback --to ", "deployctl logs --since "):
        assert offered(line) == [], line


def test_config_actions_and_keys() -> None:
    assert offered("deployctl config ") == ["get", "list", "set"]
    assert offered("deployctl config set ") == ["default-env", "region", "registry", "timeout"]
    assert offered("deployctl config list ") == []
