"""A run's chunks as tasks on a Dask distributed cluster (`tutti simulate --cluster`).

Each task plays one chunk and writes its own part files into the run directory
(simcore.runs.chunks, the code local runs use); the client records each chunk in
the manifest as its task finishes. A worker that dies mid-task has its chunk
rerun elsewhere by the scheduler; the rerun rewrites the same part files under
the same names, and the manifest lists each chunk once, so no game is lost or
duplicated. The run directory must be a path that the client and every worker
see (one machine, or a shared filesystem mounted at the same path).
"""

from __future__ import annotations

import os
import re
import uuid
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcore.errors import TuttiError
from simcore.runs.chunks import ChunkJob, run_chunk
from simcore.runs.manifest import MANIFEST

TIMEOUT_VAR = "TUTTI_CLUSTER_TIMEOUT"  # seconds to reach the scheduler and see a worker
DEFAULT_TIMEOUT = 10.0
LOCAL = re.compile(r"^local(?::(\d+))?$")


def connect_timeout() -> float:
    raw = os.environ.get(TIMEOUT_VAR, "")
    try:
        value = float(raw) if raw else DEFAULT_TIMEOUT
    except ValueError:
        value = -1.0
    if not value > 0:
        raise TuttiError(f"{TIMEOUT_VAR} must be a positive number of seconds (got {raw!r})")
    return value


def _distributed():
    try:
        import distributed
    except ImportError:
        raise TuttiError(
            "--cluster needs Dask distributed: pip install 'tutti-sim[cluster]'"
        ) from None
    return distributed


@dataclass(frozen=True)
class Session:
    """A connection to a cluster; close() ends what connect() started (not a given Client)."""

    client: Any  # distributed.Client
    local_cluster: Any = None  # the LocalCluster started for "local[:N]"
    n_local: int | None = None  # its worker processes
    owned: bool = True  # close the client at the end

    def close(self) -> None:
        if self.owned:
            self.client.close()
        if self.local_cluster is not None:
            self.local_cluster.close()


def connect(cluster: Any) -> Session:
    """A session on `cluster`: "local", "local:N", a scheduler address such as
    "tcp://host:8786", or a distributed.Client (which stays open afterwards)."""
    distributed = _distributed()
    if isinstance(cluster, distributed.Client):
        return wait_for_a_worker(Session(cluster, owned=False))
    if not isinstance(cluster, str) or not cluster.strip():
        raise TuttiError(f"--cluster must be a scheduler address or local[:N] (got {cluster!r})")
    address = cluster.strip()
    local = LOCAL.match(address)
    if local:
        n_workers = int(local.group(1)) if local.group(1) else os.cpu_count() or 1
        if n_workers < 1:
            raise TuttiError(f"--cluster local:N needs N >= 1 (got {address})")
        import logging

        started = distributed.LocalCluster(
            n_workers=n_workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )
        return Session(distributed.Client(started), started, n_workers)
    timeout = connect_timeout()
    try:
        client = distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as err:
        reason = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise TuttiError(
            f"cannot reach the Dask scheduler at {address} within {timeout:g} s ({reason})"
        ) from None
    return wait_for_a_worker(Session(client))


def wait_for_a_worker(session: Session) -> Session:
    """`session`, once its scheduler has a worker; closed and refused after the timeout."""
    timeout = connect_timeout()
    try:
        session.client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        address = session.client.scheduler.address
        session.close()
        raise TuttiError(
            f"the Dask scheduler at {address} has no workers "
            f"(waited {timeout:g} s): start some with `dask worker {address}`"
        ) from None
    return session


def check_workers(client: Any, out: Path) -> None:
    """Refuse workers without tutti-sim, with other kernels, or that cannot see `out`;
    warn when their tutti-sim version differs from the client's."""
    from importlib.metadata import version

    from simcore.kernels.jitcache import source_hash

    mine = version("tutti-sim")
    for address, theirs in client.run(version, "tutti-sim", on_error="return").items():
        if isinstance(theirs, BaseException):
            raise TuttiError(
                f"Dask worker {address} cannot import tutti-sim: "
                f"install tutti-sim {mine} on every worker"
            )
        if theirs != mine:
            warnings.warn(
                f"Dask worker {address} has tutti-sim {theirs}, this client {mine}",
                stacklevel=2,
            )
    kernels = source_hash()
    for address, theirs in client.run(source_hash, on_error="return").items():
        if theirs != kernels:
            raise TuttiError(
                f"Dask worker {address} runs other game kernels than this client "
                f"(source hash {theirs}, here {kernels}): install the same tutti-sim everywhere"
            )
    blind = [
        a for a, seen in client.run(os.path.isfile, str(out / MANIFEST)).items() if seen is not True
    ]
    if blind:
        raise TuttiError(
            f"Dask worker {blind[0]} cannot see the run directory {out}: put --out on a "
            "filesystem that every worker mounts at the same path"
        )


def run_on_cluster(
    session: Session,
    job: ChunkJob,
    todo: list[int],
    threads: int | None,
    record: Callable[[int, dict], int],
    report: Callable[[], None],
    started: Callable[[], None],
) -> int:
    """Run chunks `todo` of `job` as Dask tasks, then close `session`.

    `record(chunk, parts)` lists each chunk in the manifest as it lands (in completion
    order), `report()` follows each, `started()` marks the workers checked. Returns
    the games played.

    Each task plays on `threads` threads; None means all of
    the worker's, or for local:N this machine's cores divided among the N workers.
    """
    distributed = _distributed()
    client = session.client
    if threads is not None and threads < 1:
        session.close()
        raise TuttiError(f"--threads must be at least 1 (got {threads})")
    try:
        check_workers(client, Path(job.out))
        if threads is None and session.n_local:
            threads = max(1, (os.cpu_count() or 1) // session.n_local)
        started()
        run = uuid.uuid4().hex[:8]
        futures = {
            client.submit(
                run_chunk, job, chunk, threads, key=f"tutti-chunk-{chunk:06d}-{run}", pure=False
            ): chunk
            for chunk in todo
        }
        played = 0
        try:
            for future in distributed.as_completed(futures):
                chunk = futures[future]
                try:
                    _, parts = future.result()
                except distributed.client.FutureCancelledError:
                    raise TuttiError(f"chunk {chunk}: its Dask task was cancelled") from None
                except distributed.KilledWorker:
                    raise TuttiError(
                        f"chunk {chunk}: every Dask worker that ran it died; see the "
                        "worker logs (out of memory?)"
                    ) from None
                played += record(chunk, parts)
                report()
        finally:
            client.cancel(list(futures))  # done ones are unaffected; others stop being run
        return played
    finally:
        session.close()
