"""Recipe checklist, MS401-MS403 and data/network context: exact facts for the YOLOX-like example and
fixtures, MindSpore names checked against the installed release, rule examples, line counting.

ms_scan.rules.checklist is imported inside the tests (not at module level): it registers MS401-MS403, and
tests/test_rule_examples.py runs every registered example through scan(), which calls check() only once
the lead wires it in.
"""
from __future__ import annotations

import importlib
import pickle
import re
import subprocess
import sys
from pathlib import Path

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

from ms_scan.extract.catalog import load_catalog
from ms_scan.extract.recipe import RecipeExtractor, context_of, extract_recipe_facts

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "yolox_like" / "train.py"
FIXTURES = Path(__file__).parent / "fixtures" / "recipe"


def _facts(path: Path):
    return extract_recipe_facts(path.read_text(), path.name)


EXAMPLE_FACTS = [
    (21, "epochs", "300"),
    (22, "batch-size", "8"),
    (23, "lr-warmup", "warmup_epochs=5"),
    (24, "augmentation", "no_aug_epochs=15"),
    (33, "seed", "random.seed(seed)"),
    (34, "seed", "np.random.seed(seed)"),
    (35, "seed", "torch.manual_seed(seed)"),
    (36, "seed", "torch.cuda.manual_seed_all(seed)"),
    (37, "determinism", "cudnn.deterministic = True"),
    (38, "determinism", "cudnn.benchmark = False"),
    (87, "augmentation", "mosaic(...)"),
    (91, "augmentation", "mixup(...)"),
    (112, "module-api", "torch.nn.Module.forward"),
    (122, "module-api", "torch.nn.Sequential"),
    (123, "module-api", "torch.nn.Sequential"),
    (127, "module-api", "torch.nn.Module.modules"),
    (129, "init", 'kaiming_normal_(mode="fan_out", nonlinearity="relu")'),
    (130, "init", "constant_(val=-4.6)"),
    (132, "module-api", "torch.nn.Module.forward"),
    (206, "ema", "decay=d"),
    (211, "module-api", "torch.nn.Module.named_modules"),
    (235, "distributed", 'init_process_group(backend="nccl" if torch.cuda.is_available() els…)'),
    (236, "device", "torch.device"),
    (239, "distributed", "DistributedSampler(dataset)"),
    (243, "device", "torch.Tensor.to(device)"),
    (245, "optimizer", "SGD(lr=args.lr, momentum=0.9, nesterov=True)"),
    (245, "param-groups", "pg0 (first group)"),
    (246, "param-groups", '{"params": pg1, "weight_decay": 5e-4}'),
    (247, "param-groups", '{"params": pg2}'),
    (249, "lr-schedule", "LambdaLR(lr_lambda=warmup_cosine(args.epochs * steps_per_e…)"),
    (249, "lr-warmup", "LambdaLR(lr_lambda=warmup_cosine(args.epochs * steps_per_e…)"),
    (252, "loss-scale", 'GradScaler("cuda", enabled=use_amp)'),
    (254, "distributed", "DistributedDataParallel(model)"),
    (255, "ema", "ModelEMA(model, 0.9998)"),
    (259, "module-api", "torch.nn.Module.train"),
    (263, "device", "torch.Tensor.to(device)"),
    (264, "mixed-precision", "autocast(device_type=device.type, enabled=use_amp)"),
    (269, "grad-clip", "clip_grad_norm_(max_norm=10.0)"),
    (269, "module-api", "torch.nn.Module.parameters"),
    (273, "ema", "ema.update(model)"),
]
EXAMPLE_SPANS = [
    ("data", 42, 53, "mosaic"), ("data", 56, 58, "mixup"), ("data", 65, 67, "RandomHSV.__call__"),
    ("data", 75, 76, "ToyDetection.__len__"), ("data", 78, 82, "ToyDetection.load"),
    ("data", 84, 94, "ToyDetection.__getitem__"), ("data", 97, 102, "collate"),
    ("network", 112, 113, "ConvBN.forward"), ("network", 132, 136, "TinyYOLOX.forward"),
    ("network", 139, 141, "grid_centers"), ("network", 144, 162, "simota_assign"),
    ("network", 165, 171, "box_iou"), ("network", 174, 188, "yolox_loss"), ("network", 230, 277, "main"),
    ("data", 238, 238, "ToyDetection"), ("data", 240, 241, "DataLoader"),
]
CLASSIFIER_FACTS = [
    (9, "device", "os.environ['CUDA_VISIBLE_DEVICES']"),
    (12, "augmentation", "RandomResizedCrop(224)"),
    (13, "augmentation", "RandomHorizontalFlip()"),
    (14, "augmentation", "ToTensor()"),
    (16, "augmentation", "HorizontalFlip(p=0.5)"),
    (16, "augmentation", "CoarseDropout(max_holes=8)"),
    (22, "sparse", "torch.nn.Embedding(sparse=True)"),
    (23, "module-api", "list of modules"),
    (24, "module-api", "torch.nn.Module.register_buffer"),
    (26, "module-api", "torch.nn.Module.forward"),
    (30, "device", "torch.nn.DataParallel"),
    (30, "distributed", "DataParallel(Net())"),
    (30, "device", "torch.Tensor.cuda"),
    (31, "label-smoothing", "CrossEntropyLoss(label_smoothing=0.1)"),
    (32, "optimizer", "AdamW(lr=3e-4, weight_decay=0.05)"),
    (32, "module-api", "torch.nn.Module.parameters"),
    (33, "lr-schedule", "LinearLR(start_factor=0.01, total_iters=5)"),
    (33, "lr-warmup", "LinearLR(start_factor=0.01, total_iters=5)"),
    (34, "lr-schedule", "CosineAnnealingLR(T_max=95, eta_min=1e-6)"),
    (35, "lr-schedule", "SequentialLR(schedulers=[warm, cos], milestones=[5])"),
    (35, "lr-warmup", "SequentialLR(schedulers=[warm, cos], milestones=[5])"),
    (36, "ema", "AveragedModel(model)"),
    (39, "grad-accumulation", "loss / accum_steps"),
    (41, "grad-accumulation", "optimizer step every accum_steps iterations"),
    (42, "grad-clip", "clip_grad_value_(clip_value=1.0)"),
    (42, "module-api", "torch.nn.Module.parameters"),
    (45, "sparse", "torch.sparse_coo_tensor"),
    (46, "sparse", "torch.sparse.mm"),
    (47, "module-api", "torch.nn.Module.load_state_dict"),
]


def test_example_facts_exact():
    rf = _facts(EXAMPLE)
    assert [(f.line, f.item, f.value) for f in rf.facts] == EXAMPLE_FACTS
    assert [(s.kind, s.start_line, s.end_line, s.name) for s in rf.spans] == EXAMPLE_SPANS


def test_example_details():
    by = {(f.line, f.item): f.detail for f in _facts(EXAMPLE).facts}
    assert by[(249, "lr-schedule")].endswith("cosine lambda, warm-up in the lambda")
    assert by[(245, "param-groups")] == "holds BN weights; no weight_decay given (the optimizer default applies)"
    assert by[(246, "param-groups")] == "weight_decay=5e-4"
    assert by[(247, "param-groups")].startswith("holds biases")
    assert by[(21, "epochs")] == "argparse default of --epochs"


def test_example_columns_match_source():
    rf = _facts(EXAMPLE)
    lines = EXAMPLE.read_text().splitlines()
    needles = {"optimizer": "SGD", "grad-clip": "clip_grad_norm_", "loss-scale": "GradScaler",
               "mixed-precision": "autocast", "seed": None}
    for f in rf.facts:
        needle = needles.get(f.item)
        if needle:
            assert lines[f.line - 1][f.column - 1:].split("(")[0].endswith(needle), f  # column of the callee chain


def test_classifier_fixture_exact():
    rf = _facts(FIXTURES / "classifier.py")
    assert [(f.line, f.item, f.value) for f in rf.facts] == CLASSIFIER_FACTS
    assert [(s.kind, s.start_line, s.end_line, s.name) for s in rf.spans] == [
        ("data", 11, 15, "Compose"), ("data", 12, 12, "RandomResizedCrop"),
        ("data", 13, 13, "RandomHorizontalFlip"), ("data", 14, 14, "ToTensor"),
        ("data", 16, 16, "CoarseDropout"), ("data", 16, 16, "Compose"), ("data", 16, 16, "HorizontalFlip"),
        ("network", 26, 27, "Net.forward"), ("network", 38, 44, "<loop>")]


def test_lookalikes_fixture_has_nothing():
    rf = _facts(FIXTURES / "lookalikes.py")
    assert rf.facts == [] and rf.spans == []


def test_example_checklist_rows():
    from ms_scan.rules.checklist import build_checklist
    rows = build_checklist({"examples/yolox_like/train.py": _facts(EXAMPLE).facts})
    got = [(r["item"], r["value"], r["line"]) for r in rows]
    assert got[:4] == [("optimizer", "SGD(lr=args.lr, momentum=0.9, nesterov=True)", 245),
                       ("param-groups", "pg0 (first group)", 245),
                       ("param-groups", '{"params": pg1, "weight_decay": 5e-4}', 246),
                       ("param-groups", '{"params": pg2}', 247)]
    assert ("epochs", "300", 21) in got and ("batch-size", "8", 22) in got
    assert all(r["item"] not in ("sparse", "device", "module-api") for r in rows)
    assert {r["path"] for r in rows} == {"examples/yolox_like/train.py"}
    sgd = rows[0]["mindspore"]
    assert "mindspore.nn.SGD" in sgd and "mindspore.nn.Momentum" in sgd
    assert "order_params" in rows[1]["mindspore"]
    kaiming = next(r for r in rows if r["value"].startswith("kaiming_normal_"))
    assert kaiming["mindspore"] == "mindspore.common.initializer.HeNormal"


def test_readme_checklist_is_current():
    from ms_scan.rules.checklist import build_checklist, checklist_markdown
    rows = build_checklist({"train.py": _facts(EXAMPLE).facts})
    readme = (EXAMPLE.parent / "README.md").read_text()
    assert checklist_markdown(rows) in readme


def _all_mindspore_names() -> set[str]:
    from ms_scan.rules import checklist
    texts = []
    for name in ("_OPTIMIZERS", "_SCHEDULES", "_INITS", "_BY_ITEM", "_SPECIFIC"):
        texts.extend(getattr(checklist, name).values())
    texts.extend(v[0] or "" for v in checklist._MODULE_ADVICE.values())
    texts.extend(v[1] for v in checklist._MODULE_ADVICE.values())
    found = set()
    for t in texts:
        found.update(m.rstrip(".") for m in re.findall(r"mindspore(?:\.\w+)+", t))
    return found


def test_every_mindspore_name_resolves():
    pytest.importorskip("mindspore")
    names = _all_mindspore_names()
    assert len(names) > 40
    missing = []
    for name in sorted(names):
        parts = name.split(".")
        obj = None
        for i in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:i]))
                rest = parts[i:]
                break
            except ImportError:
                continue
        try:
            for r in rest:
                obj = getattr(obj, r)
        except AttributeError:
            missing.append(name)
    assert missing == []


def _codes(source: str) -> set[str]:
    from ms_scan.rules.checklist import check
    rf = extract_recipe_facts(source, "case.py")
    return {f.code for f in check("case.py", rf.facts, rf.snippets)}


def test_rule_examples():
    from ms_scan.rules import REGISTRY
    from ms_scan.rules import checklist  # noqa: F401  (registers MS401-MS403)
    for code in ("MS401", "MS402", "MS403"):
        rule = REGISTRY[code]
        assert rule.invalid and rule.valid
        for src in rule.invalid:
            assert code in _codes(src), (code, src)
        for src in rule.valid:
            assert code not in _codes(src), (code, src)


def test_findings_for_classifier():
    from ms_scan.rules.checklist import check
    rf = _facts(FIXTURES / "classifier.py")
    got = [(f.code, f.line, f.severity) for f in check("classifier.py", rf.facts, rf.snippets)]
    assert got == [("MS402", 9, "note"), ("MS401", 22, "warning"), ("MS403", 23, "warning"),
                   ("MS403", 24, "note"), ("MS403", 26, "note"), ("MS402", 30, "note"), ("MS402", 30, "note"),
                   ("MS403", 32, "note"), ("MS403", 42, "note"), ("MS401", 45, "warning"),
                   ("MS401", 46, "warning"), ("MS403", 47, "note")]
    f = check("classifier.py", rf.facts, rf.snippets)[0]
    assert f.snippet == 'os.environ["CUDA_VISIBLE_DEVICES"] = "0,1"'


def test_context_of():
    from ms_scan.rules.checklist import context_of as rule_context_of
    spans = _facts(EXAMPLE).spans
    assert context_of(90, spans) == "data"  # ToyDetection.__getitem__
    assert context_of(155, spans) == "network"  # simota_assign (called from the loss in the training loop)
    assert context_of(240, spans) == "data"  # DataLoader(...) inside main: the innermost span wins
    assert context_of(266, spans) == "network"  # the training step
    assert context_of(10, spans) is None  # imports
    assert rule_context_of(90, spans) == "data"


def test_facts_are_picklable():
    rf = _facts(EXAMPLE)
    assert pickle.loads(pickle.dumps(rf)) == rf


_COUNT_CASES = [
    "x = (\n    f(1)\n)\n",
    'def f():\n    """doc\n    more\n    """\n    return g(\n        1,\n    )\n\n\n# trailing\n',
    "from a import (\n    b,\n    c,\n)\nimport torch\n\ny = torch.nn.functional.relu(\n    x\n)\nz = 1 + \\\n    h(2)\n",
    "@dec\n@other(\n    1)\ndef g(a: 'T' = q(\n    1)):\n    s = f'''x\n{k(1)}\n'''\n",
]


@pytest.mark.parametrize("source", _COUNT_CASES + [EXAMPLE.read_text()])
def test_line_counting_matches_position_provider(source):
    tree = cst.parse_module(source)
    seen = []

    class Probe(RecipeExtractor):
        def visit_Call(self, node):
            super().visit_Call(node)
            seen.append((node, self._rc_calls[-1][1]))

    tree.visit(Probe(load_catalog(), "m", False))
    pos = MetadataWrapper(tree, unsafe_skip_copy=True).resolve(PositionProvider)
    assert seen and [line for _, line in seen] == [pos[n].start.line for n, _ in seen]


def test_example_runs_one_step():
    pytest.importorskip("torch")
    done = subprocess.run([sys.executable, str(EXAMPLE), "--steps", "1", "--img-size", "32"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "step 1 loss" in done.stdout


def test_checklist_reaches_every_report_format(tmp_path):
    """JSON, terminal (-v), markdown, html, sarif, csv and github all carry the checklist."""
    import csv as csvmod
    import json
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parents[1] / "examples" / "yolox_like"

    def run(fmt, *extra):
        res = subprocess.run([sys.executable, "-m", "ms_scan", str(example), "--format", fmt,
                              "--exit-zero", "--no-cache", *extra], capture_output=True, text=True,
                             timeout=300)
        assert res.returncode == 0, res.stderr
        return res.stdout

    doc = json.loads(run("json"))
    items = {(r["item"], r["line"]) for r in doc["checklist"]}
    assert ("optimizer", 245) in items and len(doc["checklist"]) >= 20
    assert "optimizer" in run("terminal", "-v") and "Training-recipe checklist" in run("terminal")
    assert "Training-recipe checklist" in run("markdown")
    html = tmp_path / "r.html"
    run("html", "-o", str(html))
    assert 'id="checklist"' in html.read_text()
    sarif = json.loads(run("sarif"))
    assert len(sarif["runs"][0]["properties"]["checklist"]) == len(doc["checklist"])
    rows = list(csvmod.DictReader(run("csv").splitlines()))
    assert sum(r["family"] == "checklist" for r in rows) == len(doc["checklist"])
    gh = run("github")
    assert "::group::ms-scan training-recipe checklist" in gh and "::endgroup::" in gh
