"""`simulate --params`: the run records the parameters, and --resume reuses them."""

from __future__ import annotations

from typer.testing import CliRunner

from cli.app import app
from strategies.luthier.params import NAMES


def test_simulate_records_params_and_resume_reuses_them(tmp_path):
    import json

    path = tmp_path / "p.toml"
    path.write_text("[balanced]\nmoney = 0.75\n")
    out = tmp_path / "run"
    args = ["simulate", "-p", "2", "-n", "40", "--chunk-size", "16", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--strategies", "balanced", "--params", str(path)])
    assert result.exit_code == 0, result.output
    config = json.loads((out / "manifest.json").read_text())["config"]
    assert config["params"][0][NAMES.index("money")] == 0.75
    again = CliRunner().invoke(app, ["simulate", "--out", str(out), "--resume"])
    assert again.exit_code == 0, again.output  # the stored parameters match themselves
