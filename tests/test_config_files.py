"""ms_scan.config_files: the values the project's config files give a key, which files count as loaded, and the
whole-scan memo that must not outlive an edit of one of them."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ms_scan import scan as scan_mod
from ms_scan.config_files import MAX_BYTES, ConfigFiles, merged, parse
from ms_scan.discover import discover
from ms_scan.scan import scan
from ms_scan.settings import Settings

PKG = Path(__file__).parent / "fixtures" / "second_order_pkg"


@pytest.mark.parametrize("name, text, expected", [
    ("a.yaml", "model:\n  act: selu\n  hidden: 16\nflag: no\n",
     {"model": {"act": "selu", "hidden": 16}, "flag": False}),
    ("a.yml", "base: &b {act: elu}\nrun:\n  <<: *b\n", {"base": {"act": "elu"}, "run": {"act": "elu"}}),
    ("a.json", '{"model": {"act": "gelu"}, "lr": 0.1}', {"model": {"act": "gelu"}, "lr": 0.1}),
    ("a.toml", '[encoder]\npadding_mode = "reflect"\nwidths = [16, 32]\n',
     {"encoder": {"padding_mode": "reflect", "widths": [16, 32]}}),
    ("a.ini", "[model]\nActivation = softshrink\nlr = %(x)s\n", {"model": {"activation": "softshrink", "lr": "%(x)s"}}),
])
def test_each_format_parses_to_the_mapping_its_reader_gives(name, text, expected):
    assert parse(name, text.encode()) == expected


@pytest.mark.parametrize("name, text", [
    ("a.yaml", "a: [1, 2\n"), ("a.json", "{'single': 1}"), ("a.toml", "x = \n"), ("a.yaml", "- a list\n- of items\n"),
    ("a.yaml", "!!python/object:os.system {}\n"), ("a.ini", "no section header\n"), ("a.json", "\xff\xfe"),
])
def test_a_file_that_is_no_mapping_or_does_not_parse_gives_none(name, text):
    assert parse(name, text.encode("latin-1")) is None


def test_merge_is_key_by_key_and_delete_replaces_the_base():
    base = {"model": {"act": {"type": "LeakyReLU", "slope": 0.2}, "pool": "avg"}, "lr": 0.1}
    child = {"model": {"act": {"_delete_": True, "type": "SELU"}}, "lr": 0.2}
    assert merged(base, child) == {"model": {"act": {"type": "SELU"}, "pool": "avg"}, "lr": 0.2}
    assert merged(base, {"model": {"act": {"type": "ELU"}}})["model"]["act"] == {"type": "ELU", "slope": 0.2}


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def _configs(root: Path, sources: list[str]) -> ConfigFiles:
    found = discover([str(root)])
    try:
        out = ConfigFiles(str(root), found.configs)
    finally:
        found.close()
    out.named_in(sources)
    return out


def test_the_named_file_with_its_bases_is_loaded_and_the_longest_key_ending_answers(tmp_path):
    root = _project(tmp_path, {
        "configs/_base_/model.yaml": "encoder:\n  act: selu\ndecoder:\n  act: tanh\npenalty:\n  create_graph: true\n",
        "configs/fast.yaml": "_base_: _base_/model.yaml\nencoder:\n  act: elu\npenalty:\n  create_graph: false\n",
        "configs/research.yaml": "_base_: _base_/model.yaml\nencoder:\n  act: hardswish\n",
        "pkg/config.py": 'import os\nPATH = os.environ.get("CFG", "configs/fast.yaml")\n',
    })
    c = _configs(root, ["pkg/config.py"])
    assert c.values("cfg.encoder.act") == {"'elu'"}  # the child's value over its base's
    assert c.values("decoder.act") == {"'tanh'"}  # the base's, left as it is
    assert c.values("act") == {"'elu'", "'tanh'"}  # the leaf alone: any section's
    assert c.values("enc.create_graph") == {"False"}  # no key path ends with ("enc", ...): the leaf's
    assert c.values("missing") is None and c.values("") is None
    read = sorted(Path(p).relative_to(root).as_posix() for p, digest in c.deps.items() if digest)
    assert read == ["configs/_base_/model.yaml", "configs/fast.yaml"]  # research.yaml is not read
    assert c.deps[str(root / "pkg" / "configs" / "fast.yaml")] == ""  # looked for next to config.py first


def test_a_name_is_found_next_to_the_naming_file_or_above_it(tmp_path):
    root = _project(tmp_path, {
        "exp/settings.ini": "[model]\nactivation = softshrink\n",
        "exp/settings_fast.ini": "[model]\nactivation = tanh\n",
        "exp/code/load.py": 'DEFAULT = "settings.ini"  # pass settings_fast.ini to go fast\n',
    })
    assert _configs(root, ["exp/code/load.py"]).values("s.model.activation") == {"'softshrink'"}


def test_with_no_file_named_every_experiment_config_counts_but_bases_and_tooling(tmp_path):
    root = _project(tmp_path, {
        "configs/base.yaml": "act: prelu\n",
        "configs/a.yaml": "_base_: base.yaml\nact: selu\n",
        "configs/b.json": '{"act": "elu"}',
        "pyproject.toml": '[tool.x]\nact = "gelu"\n',
        ".github/workflows/ci.yml": "act: silu\n",
        "train.py": "import argparse\nap = argparse.ArgumentParser()\nap.add_argument('--config', required=True)\n",
    })
    assert _configs(root, ["train.py"]).values("act") == {"'selu'", "'elu'"}


def test_files_outside_the_root_too_big_or_unreadable_are_left_out(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text("act: selu\n")
    root = _project(tmp_path / "proj", {
        "big.yaml": "act: elu\n" + "# padding\n" * (MAX_BYTES // 10),
        "train.py": f'A = "{outside}"\nB = "../outside.yaml"\nC = "big.yaml"\n',
    })
    assert _configs(root, ["train.py"]).values("act") is None


# --- through the scan: the second-order rule's picks, and the memo ---------------------------------

def _ms3(root: Path, **kw) -> list[tuple]:
    result = scan([str(root)], Settings(jobs=1, ms_version="2.10", target="cpu", **kw))
    return sorted((f.path, f.line, f.code, f.torch_api) for f in result.findings if f.code.startswith("MS3"))


def test_a_config_edit_changes_the_findings_and_is_not_answered_from_the_memo(tmp_path):
    root = tmp_path / "proj"
    shutil.copytree(PKG / "config_file_yaml_base_named_by_env_default", root)
    (root / "expected").unlink()
    first = scan([str(root)], Settings(jobs=1, facts_cache=True, ms_version="2.10", target="cpu"))
    scan_mod.save_last_scan(first)
    assert [(f.path, f.torch_api) for f in first.findings if f.code == "MS301"] == [("models.py", "torch.nn.ELU")]
    nightly = root / "configs" / "nightly.yaml"
    nightly.write_text(nightly.read_text().replace("act: elu", "act: hswish"))
    again = scan([str(root)], Settings(jobs=1, facts_cache=True, ms_version="2.10", target="cpu"))
    assert not again.from_memo
    assert [(f.path, f.torch_api) for f in again.findings if f.code == "MS301"] == [("models.py", "torch.nn.Hardswish")]
    scan_mod.save_last_scan(again)
    assert scan([str(root)], Settings(jobs=1, facts_cache=True, ms_version="2.10", target="cpu")).from_memo
    nightly.write_text(nightly.read_text() + "reg:\n  create_graph: false\n")
    last = scan([str(root)], Settings(jobs=1, facts_cache=True, ms_version="2.10", target="cpu"))
    assert not last.from_memo and not [f for f in last.findings if f.code.startswith("MS3")]


def test_without_the_config_files_every_entry_stays(tmp_path):
    root = tmp_path / "proj"
    shutil.copytree(PKG / "config_file_toml_picks_table_entry", root)
    assert [api for _, _, code, api in _ms3(root) if code == "MS301"] == ["torch.nn.ReflectionPad1d"]
    (root / "run.toml").unlink()
    apis = {api for _, _, _, api in _ms3(root)}
    assert {"torch.nn.ReflectionPad1d", "torch.nn.ReplicationPad1d"} <= apis


def test_an_alias_bomb_is_indexed_within_its_bound_and_the_scan_goes_on(tmp_path):
    lines = ["a0: &a0 {act: selu}"] + [f"a{i}: &a{i} {{x: *a{i - 1}, y: *a{i - 1}}}" for i in range(1, 40)]
    root = _project(tmp_path, {"bomb.yaml": "\n".join(lines) + "\n", "train.py": 'CFG = "bomb.yaml"\n'})
    assert _configs(root, ["train.py"]).values("act") == {"'selu'"}  # (2**39 paths: stopped at MAX_LEAVES)


@pytest.mark.parametrize("values, truths", [
    ({"True"}, {"True"}), ({"False", "'no'"}, {"False"}), ({"'Yes'", "'off'"}, {"True", "False"}),
    ({"'maybe'"}, None), ({"1"}, None), (None, None), (set(), None),
])
def test_a_flag_takes_the_truths_its_config_values_read_as(values, truths):
    from ms_scan.project import _filed_flags

    assert _filed_flags(values) == truths
