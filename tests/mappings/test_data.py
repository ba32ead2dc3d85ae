"""Sanity checks on the committed mapping tables (mappings/*/api_mapping.csv, index.json, curated.csv)."""
import csv
import hashlib
import json
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

MAP = os.path.join(ROOT, "mappings")
COLUMNS = ["torch_api", "ms_api", "status", "diff_kind", "params", "torch_version", "backends", "known_by",
           "docs_url", "src_branch", "src_commit", "src_path", "src_line"]
RELEASES = ["1.7", "1.10", "2.0", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.10"]
STATUSES = {"consistent", "differs", "missing", "not-applicable"}
KINDS = {"param_name", "param_count", "dtype", "default", "function", "other", "unverified"}
KNOWN_BY = {"docs", "carried", "introspected", "curated"}
PARAM_RE = re.compile(r"^[A-Za-z_]\w*=(missing|renamed:[A-Za-z_]\w*|default|dtype|behaviour)$")
# docs-table row counts per release (research note §1.3; r2.2 not in the note, r2.5+ minus one MindSpore-only row)
DOCS_ROWS = {"1.7": 376, "1.10": 374, "2.0": 746, "2.1": 835, "2.2": 851, "2.3": 886, "2.4": 887,
             "2.5": 514, "2.6": 514, "2.7": 514}


def load(release):
    with open(os.path.join(MAP, release, "api_mapping.csv"), newline="", encoding="utf-8") as f:
        r = csv.reader(f)
        header = next(r)
        return header, [dict(zip(header, row)) for row in r]


@pytest.mark.parametrize("release", RELEASES)
def test_columns_and_vocabularies(release):
    header, rows = load(release)
    assert header == COLUMNS
    for row in rows:
        assert row["status"] in STATUSES, row
        assert row["known_by"] in KNOWN_BY - {"curated"}, row
        assert row["torch_api"].startswith(("torch.", "torchvision.", "torchaudio.", "torchtext.")), row
        if row["status"] in ("missing", "not-applicable"):
            assert row["ms_api"] == ""
        else:
            assert row["ms_api"].startswith("mindspore."), row
        if row["status"] == "differs":
            assert row["diff_kind"] in KINDS, row
        else:
            assert row["diff_kind"] == "", row
        for p in filter(None, row["params"].split(";")):
            assert PARAM_RE.match(p), (row["torch_api"], p)
        if row["backends"]:
            parts = row["backends"].split("|")
            assert parts == [p for p in ("Ascend", "GPU", "CPU") if p in parts], row
        if row["diff_kind"] == "unverified":
            # found by name in the installed wheel: its version, build commit and the defining file
            assert row["known_by"] == "introspected" and row["src_branch"].startswith("mindspore-"), row
            assert re.fullmatch(r"[0-9a-f]{7,40}", row["src_commit"]) and row["src_path"].startswith("mindspore/")
            assert int(row["src_line"]) > 0
        else:
            assert re.fullmatch(r"[0-9a-f]{40}", row["src_commit"]) and int(row["src_line"]) > 0


@pytest.mark.parametrize("release", RELEASES)
def test_sorted_and_no_duplicate_pairs(release):
    _, rows = load(release)
    keys = [(r["torch_api"], r["ms_api"], r["src_branch"], int(r["src_line"])) for r in rows]
    assert keys == sorted(keys)
    pairs = [(r["torch_api"], r["ms_api"]) for r in rows]
    assert len(pairs) == len(set(pairs))


@pytest.mark.parametrize("release", list(DOCS_ROWS))
def test_row_counts_match_the_research_note(release):
    _, rows = load(release)
    docs = sum(r["known_by"] == "docs" for r in rows)
    assert abs(docs - DOCS_ROWS[release]) <= 0.02 * DOCS_ROWS[release]
    assert len(rows) >= docs


def test_r25_plus_carries_dropped_rows_forward():
    for release in ("2.5", "2.6", "2.7", "2.10"):
        _, rows = load(release)
        carried = [r for r in rows if r["known_by"] == "carried"]
        assert len(carried) >= 400, release          # ~400 APIs dropped from the mint-oriented table
        assert all(r["src_branch"] != {"2.5": "r2.5.0", "2.6": "r2.6.0", "2.7": "master"}.get(release)
                   for r in carried)


def test_tensor_view_carried_into_2_10():
    _, rows = load("2.10")
    view = [r for r in rows if r["torch_api"] == "torch.Tensor.view"]
    assert view and all(r["known_by"] == "carried" for r in view)
    assert {r["ms_api"] for r in view} == {"mindspore.Tensor.view"}


def test_adaptive_avg_pool2d_is_gpu_only_in_1_7():
    _, rows = load("1.7")
    hit = [r for r in rows if r["torch_api"] == "torch.nn.AdaptiveAvgPool2d"]
    assert [(r["ms_api"], r["backends"], r["known_by"]) for r in hit] == \
        [("mindspore.ops.AdaptiveAvgPool2D", "GPU", "docs")]


def test_known_facts_from_the_tables():
    _, r17 = load("1.7")
    dl = [r for r in r17 if r["torch_api"] == "torch.utils.data.DataLoader"]
    assert dl and dl[0]["status"] == "missing"
    _, r24 = load("2.4")
    adam = sorted(r["ms_api"] for r in r24 if r["torch_api"] == "torch.optim.Adam")
    assert adam == ["mindspore.experimental.optim.Adam", "mindspore.nn.Adam"]      # one-to-many kept
    uniq = next(r for r in r24 if r["torch_api"] == "torch.unique")
    assert "sorted=missing" in uniq["params"].split(";")
    _, r27 = load("2.7")
    topk = next(r for r in r27 if r["torch_api"] == "torch.topk")
    assert (topk["ms_api"], topk["diff_kind"], topk["params"]) == ("mindspore.mint.topk", "default", "dim=default")


def test_no_prose_in_params():
    for release in RELEASES:
        _, rows = load(release)
        for r in rows:
            assert " " not in r["params"] and " " not in r["ms_api"] and " " not in r["torch_api"]


def test_index_matches_files():
    with open(os.path.join(MAP, "index.json"), encoding="utf-8") as f:
        index = json.load(f)
    assert index["columns"] == COLUMNS
    assert [e["release"] for e in index["releases"]] == RELEASES
    for e in index["releases"]:
        path = os.path.join(MAP, e["release"], "api_mapping.csv")
        with open(path, "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == e["sha256"]
        _, rows = load(e["release"])
        assert e["rows"] == len(rows)
        assert sum(e["by_status"].values()) == len(rows) == sum(e["by_known_by"].values())
    if "curated" in index:
        with open(os.path.join(MAP, "curated.csv"), "rb") as f:
            assert hashlib.sha256(f.read()).hexdigest() == index["curated"]["sha256"]


def test_pre_mint_target_kept_as_alternative():
    # r2.5+ retargeted the layer to mindspore.mint (Ascend only); the r2.4 target runs on CPU too
    for release in ("2.5", "2.10"):
        _, rows = load(release)
        hit = {r["ms_api"]: r for r in rows if r["torch_api"] == "torch.nn.AdaptiveAvgPool2d"}
        assert "mindspore.mint.nn.AdaptiveAvgPool2d" in hit, release
        alt = hit.get("mindspore.nn.AdaptiveAvgPool2d")
        assert alt and alt["known_by"] == "carried" and "CPU" in alt["backends"].split("|"), release
    _, r24 = load("2.4")
    assert not any(r["ms_api"].startswith("mindspore.mint.") for r in r24 if r["torch_api"] == "torch.nn.AdaptiveAvgPool2d")


def test_introspected_same_named_rows_only_in_2_10():
    for release in RELEASES:
        _, rows = load(release)
        same = [r for r in rows if r["diff_kind"] == "unverified"]
        if release != "2.10":
            assert not same, release
            continue
        assert len(same) >= 100
        for r in same:
            assert r["status"] == "differs" and r["known_by"] == "introspected" and not r["params"], r
            # same name: the last component matches (torch.nn.GLU -> mindspore.mint.nn.GLU)
            assert r["torch_api"].rsplit(".", 1)[1] == r["ms_api"].rsplit(".", 1)[1], r


def test_introspected_rows_never_shadow_curated_rows():
    with open(os.path.join(MAP, "curated.csv"), newline="", encoding="utf-8") as f:
        curated = {r["torch_api"] for r in csv.DictReader(f)}
    _, rows = load("2.10")
    assert not curated & {r["torch_api"] for r in rows}
