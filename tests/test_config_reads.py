"""Config files a script reads itself (`with open("configs/run.yaml") as fh: cfg = yaml.safe_load(fh)`): read at
extraction time (ms_scan.extract.config_text.file_display, ms_scan.config_files.ConfigReader), and the facts cache and
whole-scan memo that must not outlive an edit of them (FileFacts.config_deps)."""
from __future__ import annotations

import shutil
from pathlib import Path

import libcst as cst
import pytest

from ms_scan.config_files import ConfigReader, deps_hold, merged, parse
from ms_scan.extract import extract_source
from ms_scan.extract.config_text import (
    MAX_NODES, _path_text, config_display, display_of, file_display, named_paths, read_yaml,
)
from ms_scan.scan import save_last_scan, scan
from ms_scan.settings import Settings

PKG = Path(__file__).parent / "fixtures" / "second_order_pkg"
DOC = {"model": {"act": "selu", "width": 8}, "flag": True}


@pytest.mark.parametrize("expr, name", [
    ('"configs/run.yaml"', "configs/run.yaml"),
    ('os.path.join(HERE, "configs", "run.yaml")', "configs/run.yaml"),
    ('osp.join(os.path.dirname(__file__), "run.toml")', "run.toml"),
    ('Path(__file__).parent / "conf" / "exp.yaml"', "conf/exp.yaml"),
    ('Path("exp.json").resolve()', "exp.json"),
    ('os.path.join("configs", name)', None),  # (ends in a name: not known from here)
    ('f"configs/{name}.yaml"', None),
    ("args.config", None),
])
def test_the_file_name_a_path_expression_ends_with(expr, name):
    assert _path_text(cst.parse_expression(expr)) == name


def test_the_config_files_a_module_names_are_its_whole_paths():
    module = cst.parse_module(
        'import os\nROOT = "."\nA = os.path.join(ROOT, "configs", "critic.yaml")\nB = "runs/out.json"\n'
        'C = Path(ROOT) / "conf" / "x.toml"\nD = "configs/critic.yaml"\nE = "README.md"\nF = f"{ROOT}/y.yaml"\n')
    assert named_paths(module) == ["configs/critic.yaml", "runs/out.json", "conf/x.toml"]


class _Reader:
    """A ConfigReader stand-in: records what is asked, holds DOC under one name; `names`, what the module names."""

    def __init__(self, names=("configs/run.yaml",)):
        self.asked, self.names = [], list(names)

    def read(self, name, suffixes):
        self.asked.append(name)
        return DOC if name in self.names and name.endswith(suffixes) else None


def _shown(call: str, bound: dict, reader, path: str):
    node = cst.parse_expression(call)
    shown = file_display(path, node, lambda n: cst.parse_expression(bound[n]) if n in bound else None, reader,
                         lambda: reader.names)
    return None if shown is None else cst.Module([]).code_for_node(shown)


@pytest.mark.parametrize("call, bound, path", [
    ("yaml.safe_load(fh)", {"fh": 'open("configs/run.yaml")'}, "yaml.safe_load"),
    ("yaml.load(fh, Loader=yaml.SafeLoader)", {"fh": 'open(args.config, "r")'}, "yaml.load"),  # (the one named)
    ('yaml.safe_load(open("configs/run.yaml").read())', {}, "yaml.safe_load"),
    ('yaml.safe_load(Path("configs/run.yaml").read_text())', {}, "yaml.safe_load"),
    ("yaml.safe_load(text)", {"text": "fh.read()", "fh": 'io.open("configs/run.yaml")'}, "yaml.safe_load"),
    ("yaml.safe_load(fh)", {"fh": '(Path(ROOT) / "configs" / "run.yaml").open()'}, "yaml.safe_load"),
])
def test_a_yaml_load_of_a_known_file_stands_for_its_dict(call, bound, path):
    assert _shown(call, bound, _Reader(), path) == repr(DOC)


def test_an_attribute_tree_reader_gives_an_omegaconfdisplay_of():
    shown = _shown('OmegaConf.load("configs/run.yaml")', {}, _Reader(), "omegaconf.OmegaConf.load")
    assert shown == f"OmegaConf.create({DOC!r})"
    shown = _shown("Config.fromfile(cfg_path)", {}, _Reader(), "mmengine.config.Config.fromfile")
    assert shown == f"OmegaConf.create({DOC!r})"


@pytest.mark.parametrize("call, bound, path, reader", [
    ("yaml.safe_load(fh)", {"fh": "open(args.config)"}, "yaml.safe_load",
     _Reader(("configs/a.yaml", "configs/b.yaml"))),  # (two named: which one runs is the command line's)
    ("json.load(fh)", {"fh": 'open("configs/run.yaml")'}, "json.load", _Reader()),  # (json.load of a YAML file)
    ("yaml.safe_load(fh)", {"fh": "make_stream()"}, "yaml.safe_load", _Reader()),  # (no file it opens)
    ("yaml.safe_load(fh)", {}, "yaml.safe_load", _Reader()),  # (fh bound nowhere)
    ('yaml.safe_load("configs/run.yaml")', {}, "yaml.safe_load", _Reader()),  # (a string is YAML text, not a path)
    ('pickle.load(open("configs/run.yaml"))', {}, "pickle.load", _Reader()),
    ('yaml.safe_load(zipfile.ZipFile("a.zip").open("configs/run.yaml"))', {}, "yaml.safe_load", _Reader()),
    ('yaml.safe_load(open("configs/run.yaml"))', {}, "yaml.safe_load", None),  # (no reader: the file is not read)
])
def test_a_read_of_no_known_file_stays_unknown(call, bound, path, reader):
    assert _shown(call, bound, reader, path) is None


def test_adisplay_of_is_plain_data_and_bounded():
    from datetime import date

    assert cst.Module([]).code_for_node(display_of({"day": date(2024, 1, 2), "nan": float("nan"), 3: [1, None]})) == \
        "{'day': '2024-01-02', 'nan': 'nan', 3: [1, None]}"
    bomb = [1]
    for _ in range(30):  # (a YAML alias bomb parses to shared lists: 2**30 leaves)
        bomb = [bomb, bomb]
    assert display_of({"a": bomb}) is None
    assert display_of({"a": list(range(MAX_NODES + 1))}) is None
    assert display_of(["not", "a", "mapping"]) is None


# --- through the extractor and the scan -------------------------------------------------------------------

def _script(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(PKG / "config_file_yaml_read_in_script_picks_entry", root)
    (root / "expected").unlink()
    return root


def test_the_reader_keeps_each_file_read_or_looked_for(tmp_path):
    root = _script(tmp_path)
    (root / "tools").mkdir()
    (root / "tools" / "sweep.py").write_text('CFG = "configs/run.yaml"\n')
    reader = ConfigReader(str(root), "tools/sweep.py")
    assert reader.read("configs/run.yaml", (".yaml",))["model"]["act"] == "selu"
    assert reader.read("configs/run.yaml", (".toml",)) is None
    deps = reader.deps
    assert deps["tools/configs/run.yaml"] == "" and len(deps["configs/run.yaml"]) == 64  # (looked for, then found)
    assert deps_hold(str(root), deps)
    (root / "configs" / "run.yaml").write_text("model:\n  act: gelu\n")
    assert not deps_hold(str(root), deps)


def test_the_extraction_reads_the_script_s_config_only_when_given_the_root(tmp_path):
    root = _script(tmp_path)
    data = (root / "train.py").read_bytes()
    facts = extract_source(data, "train.py", "train", root=str(root))
    ops = {o.api for s in facts.grad_sites for o in s.ops}
    assert "torch.nn.SELU" in ops and not {"torch.nn.Hardshrink", "torch.nn.Softshrink"} & ops
    assert list(facts.config_deps) == ["configs/run.yaml"]
    blind = extract_source(data, "train.py", "train")
    assert {"torch.nn.SELU", "torch.nn.Hardshrink", "torch.nn.Softshrink"} <= \
        {o.api for s in blind.grad_sites for o in s.ops}
    assert blind.config_deps == {}


def _ms301(root: Path, **kw):
    result = scan([str(root)], Settings(jobs=1, ms_version="2.10", target="cpu", facts_cache=True, **kw))
    return result, sorted(f.torch_api for f in result.findings if f.code == "MS301")


def test_an_edit_of_the_config_a_script_reads_reaches_the_findings_past_both_caches(tmp_path):
    root = _script(tmp_path)
    first, apis = _ms301(root)
    assert apis == ["torch.nn.SELU"]
    save_last_scan(first)
    run = root / "configs" / "run.yaml"
    run.write_text(run.read_text().replace("act: selu", "act: hardshrink"))
    again, apis = _ms301(root)
    assert not again.from_memo and apis == ["torch.nn.Hardshrink"]  # (the memo's config_deps)
    save_last_scan(again)
    assert _ms301(root)[0].from_memo
    # the memo misses for another file's edit; train.py's cached facts must not answer for the old config
    (root / "notes.py").write_text("import torch\n")
    run.write_text(run.read_text().replace("act: hardshrink", "act: gelu"))
    last, apis = _ms301(root)
    assert not last.from_memo and apis == []


def test_a_config_made_where_the_script_looks_first_is_seen(tmp_path):
    root = _script(tmp_path)
    (root / "src").mkdir()
    shutil.move(root / "train.py", root / "src" / "train.py")
    result, apis = _ms301(root)
    assert apis == ["torch.nn.SELU"]  # (configs/run.yaml found above src/)
    save_last_scan(result)
    (root / "src" / "configs").mkdir()
    (root / "src" / "configs" / "run.yaml").write_text("model:\n  act: softshrink\n  width: 4\n")
    again, apis = _ms301(root)
    assert not again.from_memo and apis == ["torch.nn.Softshrink"]


# --- hydra: `@hydra.main(config_path=..., config_name=...)` ----------------------------------------------------

def _hydra(tmp_path: Path, files: dict[str, str]) -> ConfigReader:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    return ConfigReader(str(tmp_path), "train.py")


def test_hydra_composes_the_defaults_list_in_order_with_self_last_unless_placed(tmp_path):
    reader = _hydra(tmp_path, {
        "conf/config.yaml": "defaults:\n  - model: mlp\n  - override trainer: fast\n  - optional aug: none_here\n"
                            "  - logger: null\n  - common\nmodel:\n  width: 8\n",
        "conf/model/mlp.yaml": "width: 64\nact: selu\n",
        "conf/trainer/fast.yaml": "# @package _global_\nsteps: 3\n",
        "conf/common.yaml": "seed: 1\nmodel:\n  act: gelu\n",
    })
    assert reader.hydra("conf", "config") is None  # (the optional group's file is absent: not known)
    (tmp_path / "conf" / "aug" / "none_here.yaml").parent.mkdir()
    (tmp_path / "conf" / "aug" / "none_here.yaml").write_text("p: 0.5\n")
    reader = ConfigReader(str(tmp_path), "train.py")
    assert reader.hydra("conf", "config") == {
        "model": {"width": 8, "act": "gelu"}, "steps": 3, "aug": {"p": 0.5}, "seed": 1}
    (tmp_path / "conf" / "config.yaml").write_text("defaults:\n  - _self_\n  - model: mlp\nmodel:\n  width: 8\n")
    composed = ConfigReader(str(tmp_path), "train.py").hydra("conf", "config.yaml")
    assert composed == {"model": {"width": 64, "act": "selu"}}


@pytest.mark.parametrize("files", [
    {"conf/config.yaml": "defaults:\n  - model@net: mlp\n", "conf/model/mlp.yaml": "act: selu\n"},  # (a rename)
    {"conf/config.yaml": "defaults:\n  - model: mlp\n", "conf/model/mlp.yaml": "defaults:\n  - x: y\n"},  # nested
    {"conf/config.yaml": "defaults: mlp\n"},
    {"conf/other.yaml": "a: 1\n"},  # (no primary)
])
def test_hydra_gives_none_for_what_it_does_not_compose(tmp_path, files):
    assert _hydra(tmp_path, files).hydra("conf", "config") is None


def test_hydra_reads_nothing_outside_the_root(tmp_path):
    (tmp_path / "config.yaml").write_text("a: 1\n")
    (tmp_path / "proj").mkdir()
    assert ConfigReader(str(tmp_path / "proj"), "train.py").hydra("..", "config") is None


def test_a_hydra_main_s_config_parameter_is_the_composed_config(tmp_path):
    root = tmp_path / "proj"
    shutil.copytree(PKG / "config_file_hydra_main_composes_defaults", root)
    (root / "expected").unlink()
    assert _ms301(root)[1] == ["torch.nn.Hardshrink"]
    config = root / "conf" / "config.yaml"
    config.write_text(config.read_text().replace("model: siren", "model: fourier"))
    assert _ms301(root)[1] == ["torch.nn.Softshrink"]
    trainer = root / "conf" / "trainer" / "default.yaml"
    trainer.write_text(trainer.read_text().replace("double_backward: true", "double_backward: false"))
    assert _ms301(root)[1] == []


# ------------------------------------------------------------------ where a config's strings are written (Located)
def test_a_yaml_file_s_strings_are_located_where_they_are_written_and_stay_so_through_merges():
    doc = parse("x.yaml", b"# c\nmodel:\n  act:\n    _target_: torch.nn.SELU\n  sizes: [a, b]\nn: 3\n", "conf/x.yaml")
    target = doc["model"]["act"]["_target_"]
    assert (target, target.where) == ("torch.nn.SELU", ("conf/x.yaml", 4, 14))
    assert doc["model"]["sizes"][1].where == ("conf/x.yaml", 5, 13) and doc["n"] == 3
    over = merged(doc, {"model": {"width": 8}})
    assert over["model"]["act"]["_target_"].where == ("conf/x.yaml", 4, 14)
    assert not hasattr(parse("x.yaml", b"a: b\n")["a"], "where")  # (no name: plain strings)


def test_a_yaml_text_s_strings_are_located_by_line_of_the_text():
    doc = read_yaml("\n# run\nmodel:\n  act: selu  # note\n  pools:\n    - avg\n")
    assert doc["model"]["act"].where == ("", 3, 7) and doc["model"]["pools"][0].where == ("", 5, 6)


def _places(source: str) -> dict[str, tuple]:
    """The YAML text's strings placed: value -> (line in the text, column) of config_display's places."""
    call = cst.parse_module(source).body[0].body[0].value
    places: dict = {}
    shown = config_display("yaml.safe_load", call, places)
    out = {}
    for el in shown.elements:
        place = places.get(id(el.value))
        if place is not None:
            assert place[1] is call.args[0].value  # (anchored at the literal)
            out[el.value.evaluated_value] = place[2:]
    return out


def test_a_yaml_text_literal_places_its_strings_on_its_lines():
    assert _places('cfg = yaml.safe_load("""act: selu\npool:   avg\n""")\n') == {"selu": (0, 8), "avg": (1, 8)}
    # an escaped newline: the text's lines are not the file's, every string at the literal
    assert _places('cfg = yaml.safe_load("act: selu\\npool: avg\\n")\n') == {"selu": (0, 0), "avg": (0, 0)}


def _placed(root: Path) -> list[tuple]:
    return sorted((f.path, f.line, f.torch_api) for f in _ms301(root)[0].findings if f.code == "MS301")


def test_a_hydra_target_in_a_json_file_is_reported_at_the_code_reading_it(tmp_path):
    (tmp_path / "experiment.json").write_text('{"critic": {"_target_": "torch.nn.SELU"}, "other": '
                                               '{"_target_": "torch.nn.PReLU"}}')
    (tmp_path / "train.py").write_text(
        "import json\nimport torch\nfrom hydra.utils import instantiate\n\n"
        "def main():\n    with open('experiment.json') as fh:\n        cfg = json.load(fh)\n"
        "    act = instantiate(cfg['critic'])\n    x = torch.randn(3, requires_grad=True)\n"
        "    (g,) = torch.autograd.grad(act(x).sum(), x, create_graph=True)\n    g.pow(2).sum().backward()\n")
    assert _placed(tmp_path) == [("train.py", 7, "torch.nn.SELU")]


def test_a_hydra_target_in_a_yaml_file_is_reported_there_and_moves_with_an_edit(tmp_path):
    shutil.copytree(PKG / "config_file_hydra_instantiate_target_in_yaml", tmp_path / "p")
    root = tmp_path / "p"
    assert _placed(root) == [("conf/critic/mlp.yaml", 4, "torch.nn.SELU")]
    mlp = root / "conf" / "critic" / "mlp.yaml"
    mlp.write_text("# the critic\n" + mlp.read_text().replace("SELU", "Hardshrink"))
    assert _placed(root) == [("conf/critic/mlp.yaml", 5, "torch.nn.Hardshrink")]
