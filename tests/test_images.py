"""Task image builds and base images against the real engine."""

from __future__ import annotations

import secrets
from pathlib import Path

import aiodocker
import anyio
import pytest

from realcli._errors import InfrastructureError, TaskFormatError
from realcli.environments import (
    BASE_IMAGES,
    LABEL_RECIPE_HASH,
    DockerSandbox,
    ImageBuildError,
    ImageMap,
    ImageUnavailableError,
    TaskImage,
    build_image,
    context_hash,
    ensure_base_images,
    ensure_task_image,
    prune_build_cache,
    prune_images,
    recipe_hash,
)
from realcli.environments._dockerfile import rewrite_dockerfile

pytest_plugins = ["tests.conftest_docker"]


def task_id() -> str:
    return f"Test_Task.{secrets.token_hex(4)}"  # upper case and dots: folded into a valid tag


def write_env(root: Path, dockerfile: str, files: dict[str, str] | None = None) -> Path:
    env = root / "environment"
    env.mkdir(parents=True, exist_ok=True)
    (env / "Dockerfile").write_text(dockerfile)
    for rel, text in (files or {}).items():
        (env / rel).parent.mkdir(parents=True, exist_ok=True)
        (env / rel).write_text(text)
    return env


# The RUN step needs a network in the build; this engine has no bridge, so it proves networkmode=host.
DOCKERFILE = """\
FROM debian:bookworm-slim
RUN test "$(ls /sys/class/net | wc -l)" -gt 1
COPY data.txt /opt/data.txt
"""


@pytest.mark.docker
async def test_build_is_cached_by_content_and_rebuilt_on_change(
    docker_client: aiodocker.Docker, debian_image: str, image_cleanup: list[str], tmp_path: Path
) -> None:
    tid = task_id()
    env = write_env(tmp_path, DOCKERFILE, {"data.txt": "one\n"})

    first = await ensure_task_image(docker_client, tid, env)
    image_cleanup.append(first.tag)
    assert not first.cached
    assert first.tag == f"realcli-task/{tid.lower()}:{first.content_hash[:12]}"
    labels = (await docker_client.images.inspect(first.tag))["Config"]["Labels"]
    assert labels["realcli.kind"] == "task-image"
    assert labels["realcli.content-hash"] == first.content_hash

    again = await ensure_task_image(docker_client, tid, env)
    assert (again.tag, again.cached) == (first.tag, True)

    (env / "data.txt").write_text("two\n")
    changed = await ensure_task_image(docker_client, tid, env)
    image_cleanup.append(changed.tag)
    assert not changed.cached
    assert changed.tag != first.tag

    async with DockerSandbox(docker_client, changed.tag, run=f"test-{tid}", trial="t") as sb:
        assert await sb.get_file("/opt/data.txt") == b"two\n"


@pytest.mark.docker
async def test_concurrent_requests_for_one_image_build_once(
    docker_client: aiodocker.Docker, debian_image: str, image_cleanup: list[str], tmp_path: Path
) -> None:
    tid = task_id()
    env = write_env(tmp_path, DOCKERFILE, {"data.txt": secrets.token_hex(8)})
    results: list[TaskImage] = []

    async def build() -> None:
        results.append(await ensure_task_image(docker_client, tid, env))

    async with anyio.create_task_group() as tg:
        for _ in range(4):
            tg.start_soon(build)
    image_cleanup.append(results[0].tag)
    assert len({r.tag for r in results}) == 1
    assert sorted(r.cached for r in results) == [False, True, True, True]


@pytest.mark.docker
async def test_a_failing_build_names_the_task_and_shows_the_log_tail(
    docker_client: aiodocker.Docker, debian_image: str, image_cleanup: list[str], tmp_path: Path
) -> None:
    tid = task_id()
    env = write_env(
        tmp_path,
        "FROM debian:bookworm-slim\nRUN echo preparing-the-step && echo the-real-cause >&2 && exit 3\n",
    )
    with pytest.raises(ImageBuildError) as err:
        await ensure_task_image(docker_client, tid, env)
    image_cleanup.append(err.value.image)
    message = str(err.value)
    assert isinstance(err.value, InfrastructureError)
    assert "\n" not in message
    assert len(message) < 600
    assert f"task {tid}" in message
    assert "exit code: 3" in message
    assert "the-real-cause" in message  # from the log tail
    assert "preparing-the-step" in err.value.log  # the whole log is kept
    assert err.value.log.startswith("#1 ")  # BuildKit's steps
    with pytest.raises(aiodocker.DockerError):
        await docker_client.images.inspect(err.value.image)


@pytest.mark.docker
async def test_a_missing_base_image_names_it_and_the_ways_out(docker_client: aiodocker.Docker, tmp_path: Path) -> None:
    env = write_env(tmp_path, "FROM realcli-test/no-such-base:never\n")
    tid = task_id()

    with pytest.raises(ImageUnavailableError) as err:
        await ensure_task_image(docker_client, tid, env)

    message = str(err.value)
    assert "\n" not in message
    assert f"task {tid}: environment/Dockerfile builds on realcli-test/no-such-base:never (FROM" in message
    assert "cannot be pulled" in message
    assert "`docker load" in message
    assert "--image-map realcli-test/no-such-base:never=LOCAL" in message
    assert err.value.cause == "image_error"


@pytest.mark.docker
async def test_docker_image_is_used_when_present_and_a_clear_error_when_missing(
    docker_client: aiodocker.Docker, python_image: str, tmp_path: Path
) -> None:
    tid = task_id()
    got = await ensure_task_image(docker_client, tid, tmp_path / "environment", docker_image=python_image)
    assert (got.tag, got.cached, got.source, got.docker_image) == (python_image, True, "local", python_image)
    assert got.content_hash.startswith("sha256:")

    with pytest.raises(ImageUnavailableError) as err:
        await ensure_task_image(docker_client, tid, tmp_path, docker_image="registry.example/never:1")
    message = str(err.value)
    assert "\n" not in message
    assert f"task {tid}" in message
    assert "docker_image registry.example/never:1 is not present locally and cannot be pulled" in message
    for way_out in ("`docker load", "--image-map registry.example/never:1=LOCAL", "remove docker_image"):
        assert way_out in message


@pytest.mark.docker
async def test_an_absent_docker_image_falls_back_to_building_the_dockerfile(
    docker_client: aiodocker.Docker, debian_image: str, image_cleanup: list[str], tmp_path: Path
) -> None:
    env = write_env(tmp_path, "FROM debian:bookworm-slim\nRUN echo built > /how\n")

    got = await ensure_task_image(docker_client, task_id(), env, docker_image="registry.example/never:1")
    image_cleanup.append(got.tag)

    assert (got.source, got.docker_image) == ("built", "registry.example/never:1")
    assert got.tag.startswith("realcli-task/")


@pytest.mark.docker
async def test_the_image_map_substitutes_docker_images_and_base_images(
    docker_client: aiodocker.Docker, python_image: str, image_cleanup: list[str], tmp_path: Path
) -> None:
    image_map = ImageMap.parse(["python:3.*-slim*=realcli/python:bookworm", "ubuntu=debian:bookworm-slim"])

    pinned = await ensure_task_image(
        docker_client, task_id(), tmp_path / "none", docker_image="python:3.12-slim-bookworm", image_map=image_map
    )
    env = write_env(tmp_path, "ARG BASE=ubuntu\nFROM ${BASE} AS base\nFROM base\nRUN cat /etc/debian_version\n")
    built = await ensure_task_image(docker_client, task_id(), env, image_map=image_map)
    image_cleanup.append(built.tag)
    unmapped = await ensure_task_image(
        docker_client, task_id(), env, image_map=ImageMap.parse(["ubuntu=" + python_image])
    )
    image_cleanup.append(unmapped.tag)

    assert (pinned.tag, pinned.source) == ("realcli/python:bookworm", "local")
    assert pinned.mapped == {"python:3.12-slim-bookworm": "realcli/python:bookworm"}
    assert (built.source, built.mapped) == ("built", {"ubuntu": "debian:bookworm-slim"})
    assert unmapped.tag != built.tag  # another substitution is another image


@pytest.mark.docker
async def test_the_image_map_reaches_the_images_files_are_copied_or_mounted_from(
    docker_client: aiodocker.Docker, python_image: str, image_cleanup: list[str], tmp_path: Path, sandbox_run: str
) -> None:
    """Harbor's build pulls an image named by ``COPY --from`` (uv's, in many Terminal-Bench tasks) or a
    ``RUN --mount`` ``from=``; here the map substitutes it, and a stage of the same file is left alone."""
    image_map = ImageMap.parse([f"ghcr.io/astral-sh/uv:*={python_image}"])
    env = write_env(
        tmp_path,
        "FROM debian:bookworm-slim AS tools\nRUN echo from-stage > /stage.txt\n"
        "FROM debian:bookworm-slim\n"
        "COPY --from=ghcr.io/astral-sh/uv:0.8.15 /usr/local/bin/pytest /copied-pytest\n"
        "COPY --from=tools /stage.txt /stage.txt\n"
        "RUN --mount=type=bind,from=ghcr.io/astral-sh/uv:0.8.15,source=/usr/local/bin,target=/m "
        "test -x /m/pytest && echo mounted > /mounted.txt\n",
    )

    built = await ensure_task_image(docker_client, task_id(), env, image_map=image_map)
    image_cleanup.append(built.tag)

    assert built.mapped == {"ghcr.io/astral-sh/uv:0.8.15": python_image}
    async with DockerSandbox(docker_client, built.tag, run=sandbox_run, trial="copy-from") as sb:
        result = await sb.exec("test -s /copied-pytest && cat /stage.txt /mounted.txt", timeout_sec=30)
    assert result.stdout.text == "from-stage\nmounted\n"


@pytest.mark.docker
async def test_a_failed_build_is_not_rebuilt_at_once(
    docker_client: aiodocker.Docker, debian_image: str, tmp_path: Path
) -> None:
    env = write_env(tmp_path, f"FROM debian:bookworm-slim\nRUN echo {secrets.token_hex(4)} && exit 3\n")
    tid = task_id()
    with pytest.raises(ImageBuildError) as first:
        await ensure_task_image(docker_client, tid, env)

    with pytest.raises(ImageBuildError, match=r"not rebuilt: this build failed \d+ s ago") as second:
        await ensure_task_image(docker_client, tid, env)

    assert second.value.log == first.value.log


@pytest.mark.docker
async def test_builds_can_trust_extra_ca_certificates_which_stay_out_of_the_image(
    docker_client: aiodocker.Docker, python_image: str, image_cleanup: list[str], tmp_path: Path, sandbox_run: str
) -> None:
    """This machine's HTTPS goes through an intercepting proxy: its CA bundle is what a build needs to reach PyPI."""
    bundle = await anyio.Path("/etc/ssl/certs/ca-certificates.crt").read_text()
    fetch = "python3 -c \"import urllib.request; urllib.request.urlopen('https://pypi.org/simple/pip/', timeout=60)\""
    dockerfile = f"FROM realcli/python:bookworm\nRUN {fetch} && echo fetched > /fetched\n"
    env = await anyio.to_thread.run_sync(write_env, tmp_path, dockerfile)

    image = await ensure_task_image(docker_client, task_id(), env, ca=bundle)
    image_cleanup.append(image.tag)

    info = await docker_client.images.inspect(image.tag)
    assert not [e for e in info["Config"]["Env"] if "realcli-build-ca" in e]
    async with DockerSandbox(docker_client, image.tag, run=sandbox_run, trial="ca") as sb:
        result = await sb.exec("cat /fetched; ls /run/realcli-build-ca.pem", timeout_sec=30)
    assert result.stdout.text == "fetched\n"
    assert "No such file" in result.stderr.text


@pytest.mark.docker
async def test_no_dockerfile_and_no_docker_image_is_a_task_format_error(
    docker_client: aiodocker.Docker, tmp_path: Path
) -> None:
    with pytest.raises(TaskFormatError, match="Dockerfile is missing"):
        await ensure_task_image(docker_client, task_id(), tmp_path / "environment")


def test_context_hash_follows_dockerignore_and_executable_bits(tmp_path: Path) -> None:
    env = write_env(
        tmp_path,
        DOCKERFILE,
        {
            ".dockerignore": "*.log\nbuild/**\n!build/keep.txt\n",
            "data.txt": "x",
            "app.log": "1",
            "build/out.o": "1",
            "build/keep.txt": "1",
        },
    )
    base = context_hash(env)
    (env / "app.log").write_text("2")
    (env / "build" / "out.o").write_text("2")
    (env / "build" / "new.o").write_text("2")
    assert context_hash(env) == base  # ignored files do not count
    (env / "build" / "keep.txt").write_text("2")
    assert context_hash(env) != base  # re-included by "!"
    base = context_hash(env)
    (env / "data.txt").chmod(0o755)
    assert context_hash(env) != base


@pytest.mark.docker
async def test_base_images_are_up_to_date_and_labelled(
    docker_client: aiodocker.Docker, base_images: dict[str, str]
) -> None:
    results = await ensure_base_images(docker_client)
    assert [r.image for r in results] == [b.name for b in BASE_IMAGES]
    assert all(r.cached for r in results)
    for r in results:
        info = await docker_client.images.inspect(r.image)
        assert info["Config"]["Labels"][LABEL_RECIPE_HASH] == recipe_hash(r.image) == r.recipe_hash


@pytest.mark.docker
async def test_python_image_has_the_verifier_and_agent_tools(
    docker_client: aiodocker.Docker, python_image: str, sandbox_run: str
) -> None:
    tools = "python3 python pytest pip timeout sh bash ps find grep sed gawk tar gzip xz bzip2 zip unzip"
    tools += " curl jq git make less file bc sqlite3"
    async with DockerSandbox(docker_client, python_image, run=sandbox_run, trial="tools") as sb:
        r = await sb.exec(f"for t in {tools}; do command -v $t >/dev/null || echo missing $t; done", timeout_sec=60)
        assert (r.exit_code, r.stdout.text) == (0, "")
        await sb.put_bytes("/tests/test_ok.py", b"def test_ok():\n    assert 1 + 1 == 2\n")
        r = await sb.exec("pytest -q --ctrf /logs/verifier/ctrf.json /tests", timeout_sec=120)
        assert r.exit_code == 0, r.stdout.text
        report = await sb.get_file("/logs/verifier/ctrf.json")
        assert report is not None
        assert b'"passed": 1' in report or b'"passed":1' in report


@pytest.mark.docker
async def test_prune_removes_agent_images_before_the_task_images_they_are_built_on(
    docker_client: aiodocker.Docker, debian_image: str, image_cleanup: list[str], tmp_path: Path
) -> None:
    tid = task_id()
    task = await ensure_task_image(docker_client, tid, write_env(tmp_path / "task", DOCKERFILE, {"data.txt": "x\n"}))
    image_cleanup.append(task.tag)
    child_ctx = tmp_path / "agent"
    child_ctx.mkdir()
    (child_ctx / "Dockerfile").write_text(f"FROM {task.tag}\nRUN touch /opt/agent\n")
    child = f"realcli-agent/test-{tid.lower()}:1"
    await build_image(docker_client, child_ctx, tag=child, labels={"realcli.kind": "agent-image"}, what="test agent")
    image_cleanup.append(child)

    removed = await prune_images(docker_client, select=lambda image: image["Labels"].get("realcli.task") == tid)

    assert len(removed) == 2
    for ref in (child, task.tag):
        with pytest.raises(aiodocker.DockerError) as err:
            await docker_client.images.inspect(ref)
        assert err.value.status == 404


async def _build_cache(docker: aiodocker.Docker, token: str) -> set[str]:
    """The ids of the engine's build cache records whose description holds ``token``."""
    df = await docker._query_json("system/df", method="GET")
    return {record["ID"] for record in df.get("BuildCache") or [] if token in record.get("Description", "")}


@pytest.mark.docker
async def test_pruning_the_build_cache_frees_the_layers_a_removed_image_left_in_it(
    docker_client: aiodocker.Docker, debian_image: str, tmp_path: Path
) -> None:
    # A removed image's layers stay on the engine's disk while BuildKit's cache holds the snapshots
    # they were built from: that is how a machine that builds many tasks fills its disk.
    token = f"blob-{secrets.token_hex(4)}"
    env = write_env(tmp_path, f"FROM {debian_image}\nRUN head -c 4000000 /dev/urandom > /{token}\n")
    image = await ensure_task_image(docker_client, task_id(), env)
    await docker_client.images.delete(image.tag)
    left = await _build_cache(docker_client, token)
    assert left, "the build left no cache record"

    # Only this build's records: other tests build beside this one, and their cache is theirs.
    freed = await prune_build_cache(docker_client, ids=left)

    assert freed >= 4_000_000
    assert not await _build_cache(docker_client, token)


# ------------------------------------------------------------------- BuildKit

BUILDKIT_DOCKERFILE = """# syntax=docker/dockerfile:1.4
FROM debian:bookworm-slim
RUN <<EOF
echo one > /one
echo two >> /one
EOF
RUN <<EOF
#!/bin/sh
echo "ran $0" > /shebang
EOF
RUN cat <<EOF > /cat.txt
from cat
EOF
RUN <<-EOF
\techo tabbed > /tabbed
\tEOF
ENV NAME=world
COPY --chmod=755 <<EOF /etc/greeting
hello $NAME
EOF
COPY --chmod=755 tool.sh /usr/local/bin/tool
RUN --mount=type=bind,source=tool.sh,target=/mnt/tool.sh cp /mnt/tool.sh /mounted
"""


@pytest.mark.docker
async def test_dockerfiles_that_need_buildkit_build(
    docker_client: aiodocker.Docker, debian_image: str, image_cleanup: list[str], tmp_path: Path, sandbox_run: str
) -> None:
    env = write_env(tmp_path, BUILDKIT_DOCKERFILE)
    (env / "tool.sh").write_text("#!/bin/sh\necho tool\n")

    image = await ensure_task_image(docker_client, task_id(), env)
    image_cleanup.append(image.tag)

    async with DockerSandbox(docker_client, image.tag, run=sandbox_run, trial="bk") as sb:
        result = await sb.exec(
            "cat /one /shebang /cat.txt /tabbed /etc/greeting /mounted; stat -c %a /etc/greeting /usr/local/bin/tool",
            timeout_sec=30,
        )
    assert result.stdout.text.split("\n") == [
        "one",
        "two",
        "ran /dev/pipes/EOF",  # a heredoc with a shebang runs as a script, as BuildKit runs it
        "from cat",
        "tabbed",
        "hello world",  # BuildKit expands an unquoted COPY heredoc with the stage's variables
        "#!/bin/sh",
        "echo tool",
        "755",
        "755",
        "",
    ]


# Every heredoc form BuildKit's Dockerfile frontend accepts: (name, Dockerfile lines after FROM, command, output).
HEREDOC_FORMS = [
    ("run", "RUN <<EOF\necho plain > /out\nEOF", "cat /out", "plain"),
    ("run-shebang", 'RUN <<EOF\n#!/bin/sh\necho "ran $0" > /out\nEOF', "cat /out", "ran /dev/pipes/EOF"),
    ("run-dash", "RUN <<-EOF\n\techo tabs > /out\n\tEOF", "cat /out", "tabs"),
    ("run-spaced", "RUN << EOF\necho spaced > /out\nEOF", "cat /out", "spaced"),
    (
        "run-spaced-quoted",
        "RUN cat > /out << 'EOF'\nint main() { return $x; }\nEOF",
        "cat /out",
        "int main() { return $x; }",
    ),
    ("run-dash-in-command", "RUN cat <<-EOF > /out\n\t\tindented\n\tEOF", "cat /out", "indented"),
    ("run-double-quoted", 'RUN <<"EOF"\necho dq > /out\nEOF', "cat /out", "dq"),
    ("run-partly-quoted", 'RUN cat <<E"O"F > /out\n$HOME stays\nEOF', "cat /out", "$HOME stays"),
    ("run-command", "RUN sh -s <<EOF\necho from-stdin > /out\nEOF", "cat /out", "from-stdin"),
    ("run-two", "RUN cat <<A > /a && cat <<B > /b\nfirst\nA\nsecond\nB", "cat /a /b", "first\nsecond"),
    ("run-fd", "RUN cat 3<<EOF <&3 > /out\nfd three\nEOF", "cat /out", "fd three"),
    (
        "run-continued",
        "RUN true && \\\n    cat <<EOF > /out && \\\n# a comment\n    echo after >> /out\nbody\nEOF",
        "cat /out",
        "body\nafter",
    ),
    (
        "run-mount",
        "RUN --mount=type=tmpfs,target=/scratch <<EOF\necho m > /scratch/x && cp /scratch/x /out\nEOF",
        "cat /out",
        "m",
    ),
    ("copy", "COPY <<EOF /out\nliteral `id` text\nEOF", "cat /out", "literal `id` text"),
    (
        "copy-expanded",
        "ENV WHO=you\nCOPY <<EOF /out\nhi $WHO ${WHO}! \\$WHO $(id) `id`\nEOF",
        "cat /out",
        "hi you you! $WHO $(id) `id`",
    ),
    ("copy-quoted", "ENV WHO=you\nCOPY <<'EOF' /out\nhi $WHO\nEOF", "cat /out", "hi $WHO"),
    ("copy-dash", "COPY <<-EOF /out\n\ttabbed\n\tEOF", "cat /out", "tabbed"),
    (
        "copy-two-into-dir",
        "COPY <<one.txt <<two.txt /dir/\n1\none.txt\n2\ntwo.txt",
        "cat /dir/one.txt /dir/two.txt",
        "1\n2",
    ),
    ("copy-into-existing-dir", "COPY <<note /tmp\nin tmp\nnote", "cat /tmp/note", "in tmp"),
    ("copy-flags", "COPY --chmod=751 --chown=nobody <<EOF /out\nx\nEOF", "stat -c '%a %U' /out", "751 nobody"),
    ("copy-as-user", "USER nobody\nCOPY <<EOF /out\nx\nEOF", "stat -c %U /out", "root"),
    ("add", "ADD <<EOF /out\nadded\nEOF", "cat /out", "added"),
]


@pytest.mark.docker
@pytest.mark.parametrize(
    ("lines", "command", "expected"), [f[1:] for f in HEREDOC_FORMS], ids=[f[0] for f in HEREDOC_FORMS]
)
async def test_every_heredoc_form_builds_with_buildkits_meaning(
    docker_client: aiodocker.Docker,
    debian_image: str,
    image_cleanup: list[str],
    tmp_path: Path,
    sandbox_run: str,
    lines: str,
    command: str,
    expected: str,
) -> None:
    env = write_env(tmp_path, f"FROM debian:bookworm-slim\n{lines}\n")

    image = await ensure_task_image(docker_client, task_id(), env)
    image_cleanup.append(image.tag)

    async with DockerSandbox(docker_client, image.tag, run=sandbox_run, trial="heredoc") as sb:
        result = await sb.exec(command, timeout_sec=30, user="root")
    assert result.exit_code == 0, result.stderr.text
    assert result.stdout.text == expected + "\n"


def test_a_spaced_heredoc_does_not_leak_its_body_as_instructions() -> None:
    # The form: the body's `int main()` was read as an instruction `INT`.
    rewrite = rewrite_dockerfile("FROM x\nRUN cat > f << 'EOF'\nint main() {}\nEOF\nRUN true\n")

    assert rewrite.text.splitlines() == [
        "FROM x",
        'RUN ["/bin/sh", "-c", "cat > f << \'EOF\'\\nint main() {}\\nEOF"]',
        "RUN true",
    ]


@pytest.mark.parametrize(
    "line", ["RUN <<- EOF", 'RUN echo "<<EOF"', "RUN cat<<EOF", "RUN cat <<<EOF", 'RUN ["sh", "<<EOF"]']
)
def test_what_buildkit_does_not_take_for_a_heredoc_is_left_as_written(line: str) -> None:
    text = f"FROM x\n{line}\nEOF\n"

    assert rewrite_dockerfile(text).text == text


def test_a_copy_heredoc_is_a_file_of_the_build_context() -> None:
    rewrite = rewrite_dockerfile("FROM x\nCOPY --chmod=600 <<EOF data.txt /srv/\nkept as is\nEOF\n")

    ((path, content),) = rewrite.files.items()
    assert content == b"kept as is\n"
    assert rewrite.text.splitlines()[1:] == ["COPY --chmod=600 data.txt /srv/", f'COPY --chmod=600 ["{path}", "/srv/"]']


def test_the_rewrite_leaves_dockerfiles_without_heredocs_alone() -> None:
    text = 'FROM x\nRUN echo a \\\n    && echo b\nRUN ["sh", "-c", "cat <<EOF"]\n'

    rewrite = rewrite_dockerfile(text)

    assert (rewrite.text, rewrite.notes) == (text, [])


def test_a_heredoc_runs_with_the_shell_the_dockerfile_set() -> None:
    rewrite = rewrite_dockerfile('FROM x\nSHELL ["/bin/bash", "-eo", "pipefail", "-c"]\nRUN <<EOF\nset -u\nEOF\n')

    assert 'RUN ["/bin/bash", "-eo", "pipefail", "-c", "set -u\\n"]' in rewrite.text
    assert rewrite.notes == ["line 3: RUN with heredoc(s) EOF rewritten"]
