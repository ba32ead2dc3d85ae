"""Held-out evaluation of the second-order rules (MS301-MS303) on tests/second_order_heldout/.

The scripts and their labels (``*.expected.json``) were written independently of the rule's own
tests and fixtures; see tests/second_order_heldout/measure.py for the matching rule. The
thresholds are fixed: recall of flagged ops must be 1.0 and no first-order file may carry an
MS3xx finding; every MS301 finding must match a label (precision 1.0).

Later sets (heldout2 to heldout12) were each measured once, blind, then tuned on (RECALL_FLOORS below):
heldout7 was measured blind at recall 0.848 (28/33 ops, precision 1.00, 0/7 first-order files flagged) and is
tuned from then on; heldout8 was measured blind at recall 0.615 (16/26 ops), precision 0.842 (3 false positives),
0/8 first-order files flagged, and is tuned from then on; heldout9 was measured blind at recall 0.828 (24/29
ops), precision 0.923 (2 false positives), 1/6 first-order files flagged, and is tuned from then on (0.966, 28/29);
heldout10 was measured blind at recall 0.767 (23/30 ops), precision 0.852 (4 false positives), 1/8 first-order
files flagged, and is tuned from then on (precision 1.00, 0/8 first-order files flagged, recall 0.767, then 0.933);
heldout11 was measured blind at recall 0.774 (24/31 ops), precision 0.750 (8 false positives), 0/6 first-order
files flagged, and is tuned from then on (precision 1.00, recall 0.806, then 0.968); heldout12 was measured blind at
recall 0.727 (24/33 ops), precision 0.774 (7 false positives), 1/7 first-order files flagged, and is tuned from then
on (precision 1.00, 0/7 first-order files flagged, recall 0.970); heldout13 was measured blind at recall 0.793
(23/29), precision 0.852 on fba01fb and 0.920 on 561d3e7, 0/7 first-order files flagged, and is tuned from then on
(recall 1.00, precision 1.00 once ops on registered buffers left the path).
heldout15 was measured blind at recall 0.818 (18/22), precision 0.818 (4 FP) on d9dbec0, 0/7 first-order files
flagged, and is tuned from then on (recall 1.00, precision 1.00, 0/7 first-order files flagged).
heldout14 was measured blind at recall 1.000, precision 0.966 on 58c8b24, and is tuned from then on (recall 1.00,
precision 1.00, 0/7 first-order files flagged once a method guarded by a config field the other files leave False
left the path).
heldout16 was measured blind at recall 0.852 (23/27), precision 0.958 (1 FP) on 69c5169 and fbe27ac, 0/6 first-order
files flagged, and is tuned from then on (recall 1.00, precision 1.00, 0/6 first-order files flagged).
heldout17 was measured blind at recall 0.931 (27/29), precision 0.871 (4 FP) on 256f181, 1/7 first-order files
flagged, and is tuned from then on (recall 0.966, precision 1.00, 0/7 first-order files flagged).
heldout21 was measured blind at recall 0.815 (22/27), precision 0.957 (1 FP) on c7c770e, 0/7 first-order files
flagged, and is tuned from then on (recall 1.00, precision 1.00, 0/7 first-order files flagged).
heldout22 was measured blind at recall 0.812 (26/32), precision 0.897 (3 FP) on 4486ab4, 0/7 first-order files
flagged, and is tuned from then on (recall 1.00, precision 1.00, 0/7 first-order files flagged).
heldout23 was measured blind at recall 0.947 (36/38), precision 0.857 (6 FP) on 9afd7b4 and heldout24 at recall 0.871
(27/31), precision 0.900 (3 FP) on aee8fba, 0/7 first-order files flagged on both; tuned from then on (recall 1.00
on both, precision 0.927 and 0.912, then 1.00 on both after heldout25's round).
heldout25 was measured blind at recall 0.829 (29/35), precision 0.935 (2 FP) on d8c3654 and 685ed70, 0/6 first-order
files flagged, and is tuned from then on (recall 1.00, precision 1.00, 0/6 first-order files flagged).
heldout26 was measured blind at recall 0.971 (34/35), precision 0.829 (7 FP), 2/6 first-order files flagged on 41d338a
(1.00 / 0.833 still blind on d18b5a1) and heldout27 at recall 1.000 (32/32), precision 0.941 (2 FP), 0/6 first-order
files flagged on 41d338a (the same on d18b5a1); tuned from then on (set 26: recall 1.00, precision 0.921 (3 FP left,
KNOWN_FPS), 1/6 first-order files flagged (the arguable argparse switch); set 27: 1.00 / 1.00, 0/6); set 26's
torch.split FP went with the split's two rows in api_primitives.csv (a list of section sizes runs StridedSlice).
heldout28 was measured blind at recall 0.727 (24/33), precision 0.828 (5 FP) on f8475a6, 2/6 first-order files
flagged, and is tuned from then on (recall 1.00, precision 0.846, 1/6 first-order files flagged; then 1.00 / 1.00,
0/6 after the round on its last two causes).
heldout29 was measured blind at recall 0.778 (28/36), precision 0.903 (3 FP), 1/6 first-order files flagged on eefa68e
(0.778 / 0.848, 1/6 still blind on ce2b254; 0.778 / 0.848, 0/6 on 32b2a8c; 0.778 / 0.875, 0/6 on cea045f with the
split data fixed), and is tuned from then on (recall 1.00, precision 0.947, 0/6 first-order files flagged; KNOWN_FPS
below).
heldout30 was measured blind at recall 0.848 (28/33), precision 0.966 (1 FP), 0/6 first-order files flagged on cea045f
and on 6e1c483, and is tuned from then on (recall 1.00, precision 0.971, 0/6 first-order files flagged; 1.00 / 1.00,
0/6 since the round on the leftovers of sets 29, 30 and 33).
heldout31 was measured blind at recall 0.931 (27/29), precision 1.00, 0/6 first-order files flagged on cbe8a30 and on
cd4262c, and is tuned from then on (recall 1.00, precision 1.00, 0/6 first-order files flagged).
heldout33 was measured blind at recall 1.00 (30/30), precision 0.811 (7 FP), 1/6 first-order files flagged on 3bf7564
and on a184da6, and is tuned from then on (recall 1.00, precision 0.909, 0/6 first-order files flagged; KNOWN_FPS
below).
heldout34 was measured blind at recall 0.906 (29/32), precision 0.906 (3 FP), 0/6 first-order files flagged on 6b29b2f
and at 0.969 (31/32), 0.838 (6 FP), 0/6 on bab45bf, and is tuned from then on (recall 1.00, precision 0.865, 0/6
first-order files flagged; KNOWN_FPS below).
heldout35 was measured blind at recall 0.742 (23/31), precision 0.852 (4 FP), 1/6 first-order files flagged on ee93fc4
and on 67467c7, and is tuned from then on (recall 0.935, precision 0.935, 0/6 first-order files flagged).
heldout36 was measured blind at recall 0.818 (27/33), precision 0.771 (8 FP), 2/6 first-order files flagged on 675f6d8
and on fcdc884, and is tuned from then on (recall 1.00, precision 1.00, 0/6 first-order files flagged).
heldout37 was measured blind at recall 0.677 (21/31), precision 1.00, 0/6 first-order files flagged on 2b47058 and
on 1958f70, and is tuned from then on (recall 1.00, precision 1.00, 0/6 first-order files flagged).
heldout38 was measured blind at recall 0.816 (31/38), precision 0.912 (3 FP), 1/6 first-order files flagged on 1d089fc
(the session start) and at recall 0.842 (32/38), precision 0.970 (1 FP), 0/6 on 2172833 (the session's rounds on its
own probes, before the set was seen), and is tuned from then on (recall 1.00, precision 1.00, 0/6).
heldout40 was measured blind at recall 0.889 (16/18), precision 0.941 (1 FP), 1/3 first-order files flagged on
e397724 (the session-21 start) and the same on a9cef1b (after that session's rounds on its own probes, before the set
was seen), and is tuned from then on (recall 1.00, precision 1.00, 0/3 first-order files flagged).
heldout41 was measured blind at recall 0.765 (13/17), precision 0.812 (3 FP), 1/3 first-order files flagged on 25a943a
(the session-22 start) and the same after that session's first fixes, before the set was seen; heldout42 at recall
0.850 (17/20), precision 0.773 (5 FP), 1/3 flagged on both. Both are tuned from then on (KNOWN_FPS below).
heldout43 was measured blind at recall 0.773 (17/22), precision 0.895 (2 FP), 0/3 first-order files flagged on 087aad4
and on bbc491e (after that session's later rounds, before the set was seen); heldout44 at recall 0.875 (14/16),
precision 0.824 (3 FP), 1/3 flagged, one second-order package with no MS3xx finding, on both. Both are tuned from then
on.
heldout45 (12 scripts, 7 of them packages: framework-style configs and registries) was measured blind at recall 0.667
(12/18), precision 0.750 (4 FP), 1/3 first-order files flagged (an MS302), on c82a7f0 (the session-23 start) and on
8447971 (after that session's first round, before the set was seen); heldout46 (second-order optimisation and RL:
TRPO, Newton-CG, IFT, gradient matching) at recall 0.714 (15/21), precision 0.682 (7 FP), 1/3 flagged, on both. Both
are tuned from then on (heldout46: 0.857 / 0.818, 0/3, after an optimiser's weights read through a local param group
and a dataclass flag built in the site file).
heldout47 (generative models with derivative objectives: score matching, EBMs, FFJORD, contractive AEs, R1 through
torch.func.vjp) was measured blind at recall 0.778 (14/18), precision 0.933 (1 FP), 0/3 first-order files flagged, on
f28019b (the session-24 start) and after that session's first round (before the set was seen); heldout48 (ordinary
second-order code written with heavy Python idioms: mixins, super().forward, class-attribute layers, wrapped
decorators, forward hooks, parametrisations) at recall 0.706 (12/17), precision 0.923 (1 FP), 0/3 flagged, on both.
Both are tuned from then on.
"""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

MEASURE = Path(__file__).parent / "second_order_heldout" / "measure.py"


def _load_measure():
    spec = importlib.util.spec_from_file_location("second_order_heldout_measure", MEASURE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def result():
    return _load_measure().measure()


def _fn_summary(res):
    return "; ".join(f"{r['file']}:{op['line']} {op['api']}" for r in res["files"] for op in r["fn_ops"])


def test_cases_scanned_in_one_process_give_what_a_process_a_case_gives():
    """measure.py runs ms-scan's command-line entry once a case in a shared process (start-up was most of a
    case's cost); nothing may carry from one scan to the next: each row equals that of a process of its own
    (heldout2: scripts and packages, second-order and first-order files)."""
    measure = _load_measure()
    folder = MEASURE.parent.parent / "second_order_heldout2"
    shared, isolated = measure.measure(folder), measure.measure(folder, isolated=True)
    assert shared == isolated and shared["tp"] > 0 and shared["first_order_files"] > 0


# History (ms-scan 0.1.0, --ms-version 2.10 --target cpu): TP=4 FP=0 FN=12 (recall 0.250) when the set was
# created; TP=14 FN=2 (0.875) after issue #5's path following; TP=16 FP=0 FN=0 once
# mappings/bprop/2.10/api_primitives.csv gained mindspore.ops.avg_pool2d (ExpandDims+AvgPool3D+Squeeze) and
# mindspore.mint.nn.Hardswish (HSwish). The set is spent (used for tuning since): a floor, not an estimate.
def test_heldout_recall_of_flagged_ops(result):
    assert result["recall"] == 1.0, (
        f"recall {result['recall']:.3f} (TP={result['tp']} FN={result['fn']}); missed: {_fn_summary(result)}")


def test_heldout_precision_of_flagged_ops(result):
    fps = "; ".join(f"{r['file']}:{op['line']} {op['api']}" for r in result["files"] for op in r["fp_ops"])
    assert result["fp"] == 0, f"precision {result['precision']:.3f}; unexpected MS301: {fps}"


def test_heldout_first_order_files_have_no_ms3xx(result):
    bad = [r["file"] for r in result["files"] if not r["second_order"] and r["ms3_count"]]
    assert not bad, f"first-order files with MS3xx findings: {bad}"


def test_heldout_harness_counts_every_label(result):
    # Harness sanity only (not a quality threshold): every labelled op is counted as TP or FN.
    labelled = sum(len(json.loads(p.read_text())["flagged_ops"])
                   for p in MEASURE.parent.glob("*.expected.json"))
    assert result["tp"] + result["fn"] == labelled


# Later blind sets, measured once each and then read (spent: used for tuning since, so floors, not estimates).
# heldout2 (package cases): TP=24 FP=0 FN=0 when fixed. heldout3: TP=14 FP=0 FN=4 (recall 0.778) blind, with
# 0/6 first-order files flagged; TP=18 FP=0 FN=0 after issue #5 (loss arguments sliced back to the model whose
# parameters are the grad inputs, containers grown in loops, sibling absolute imports, helper-composed grads).
# heldout4: TP=24 FP=0 FN=4 (recall 0.857) blind, 0/7 first-order files flagged; TP=27 FP=0 FN=1 (recall 0.964)
# after issue #5 (loss Cells run their functional form's primitives, a called table entry `ACTS[key]()` builds
# the classes it may pick, `jvp`/`vjp` of a `grad`/`jacrev` is second order). Left: pinn_elasticity_pkg (a
# model reaching a helper's parameter only from a caller in another file).
# heldout5: measured blind at recall 0.72 (TP=18 FP=0 FN=7), 0/8 first-order files flagged; tuned from then on:
# TP=20 FP=0 FN=5 (0.80) after issue #5 (`self(x)`/`self.forward(x)` in a method, a helper's model parameter
# owning the weights its callers pass as grad inputs, a backward of a loss computed from a torch.func
# transform's result, `@property` / conditional-expression module accessors). Left: Tensor.narrow and
# F.max_pool1d (no api_primitives.csv rows: the name heuristic picks the wrong primitive / none), a class table
# `MODELS[arch](cfg)` and a `partial(nn.GELU, ...)` table entry picked by a config built in another file.
# TP=24 FP=0 FN=1 (0.96) once api_primitives.csv gained 104 APIs of the 2.10 mapping table (Tensor.narrow ->
# Slice, nn.MaxPool1d -> ExpandDims+MaxPool+Squeeze, ...) and module-level class/factory tables got summaries
# other files follow. Left: pi_deeponet_advection_pkg (the model reaches the grad only through an instance's
# __call__ in another file; following it also puts the branch net, which does not depend on the grad input,
# on the path: needs per-input slicing of a forward).
# heldout6: measured blind at recall 0.409 (TP=9 FP=0 FN=13), 0/7 first-order files flagged; 11 of the 13 misses
# are in files the rule answers with MS302 only (hessian/hvp with respect to a model's parameters: DARTS
# unrolled, GraSP, HAWQ Hutchinson; a denoiser package), LPPool2d has no primitive row (MS304). Tuned from then
# on: TP=21 FP=0 FN=1 (weights from modules()/a model method, tables of factories looped over, factory
# parameters bound by callers, LPPool rows); pnp_denoiser_pkg's Hardshrink stays MS302 (its model reaches the site
# through an instance's __call__, not followed until a forward can be sliced per input: set 5's DeepONet).
# heldout7: measured blind at recall 0.848 (TP=28 FP=0 FN=5), 0/7 first-order files flagged; tuned from then on:
# TP=32 FP=0 FN=1 (0.970) after issue #5 (a torch function held by reference and called later, a wrapper's own
# `self.module` attribute, with the forward sliced to the returned element the path reads so that set 6's egnn
# stays clean once its wrapper resolves; 56 API rows in api_primitives.csv: grid_sample, affine_grid, pads, folds,
# RNN cells, losses). Left: lanczos_kws_spectrum_pkg (a registry filled by a class decorator, `@register("x")`,
# whose entry is picked by a config key set in another file); TP=33 FP=0 FN=0 once a registry decorator's table holds
# the classes it decorates and a key not known in the file takes what every entry runs.
# heldout8: measured blind at recall 0.615 (TP=16 FP=3 FN=10), precision 0.842, 0/8 first-order files flagged; tuned
# from then on: TP=25 FP=0 FN=1 (0.962) after issue #5 (ops under no_grad / set_grad_enabled(False) /
# inference_mode or whose result is detached are off the path; nn.Sequential(OrderedDict(...)) built by a factory;
# tuple loop targets over literal rows; registry decorators; weights from a helper returning m.parameters(); an
# API whose mapped counterpart has no forward kernel on the probed device takes its legacy spelling). Left:
# cbf_quadrotor_pkg (a first-order backward in train.py of a loss another file computes from vmap(grad(...)): the
# cross-file transform-loss site, a function registry and a method decorator would all be needed).
# heldout10: TP=23 FP=0 FN=7 after its first tuning; TP=28 FP=0 FN=2 (0.933) after issue #5 (a grad over one part
# of a model, `w = model.dec_conv.weight` / `model.head.parameters()` / a layer's weight passed with its model:
# the model owns the weight, and its forward puts on the path only what follows the part's first use). Left:
# credit_monotone_vmap_pkg, port_hamiltonian_gelu_pkg.
# heldout11: measured blind at recall 0.774 (TP=24 FP=8 FN=7), precision 0.750, 0/6 first-order files flagged; tuned
# from then on: TP=25 FP=0 FN=6 (0.806) after issue #5 (the part-of-a-model rule above; a table key read from a
# dataclass field picks the entries the file's configs name; an op a forward applies to its raw input before any
# weight is off the path of a grad over the weights, across files too through an "instance:@*" summary). Left:
# adahessian_detector_pkg (a method's grad whose loss and weights come from another file's caller and the
# constructor's model argument) and neural_sdf_registry_pkg (`Replicated(...).module` across files, a key from a
# config built in another file). TP=30 FP=0 FN=1 (0.968) once the optimiser's step follows its caller's loss ("back",
# below); neural_sdf_registry_pkg left.
# heldout12: measured blind at recall 0.727 (TP=24 FP=7 FN=9), precision 0.774 (7 false positives), 1/7 first-order
# files flagged; tuned from then on: TP=28 FP=7 FN=5 after a helper's parameters hid module-level names; TP=32 FP=0
# FN=1 (0.970) after issue #5 (the part of a model carried through a lift to the caller, into the functions and
# methods given the model, to an nn.Sequential's layers from a known index on, and across files to a method of
# another file's class ("member:@attr" summaries); a mixin's member set by the subclass; a factory's "instance:@*";
# a method differentiating the caller's loss w.r.t. weights its instance holds: all the caller computes the loss
# from, across files through "back" summaries). Left: ot_monge_potential_pkg (`Replica(...).module` across files).
# Sets 11 and 12 at 1.0 (TP=31 / 33, FP=0) once a member of a wrapper's `.module` built in another file is the member
# of the class it wraps, and a table key set by a config another file builds picks that entry only (issue #5).
# heldout15: measured blind at TP=18 FP=4 FN=4 on d9dbec0; TP=22 FP=0 FN=0 after issue #5 (a loss value the caller
# computes from the model is a grad helper's output, not an owner of its weights; a method reading only submodules
# other than the differentiated part is off the path, across files through empty "member:@attr" summaries;
# `super().forward(x)` of an nn.Sequential subclass runs its constructor's layers; a layer `net.dec[3]` passed beside
# its model makes the model the grad's input and keeps dec's layers from index 3 on).
# heldout18 (blind 0.926 / 0.893 on 7fcc07f and 3f79574), heldout19 (blind 0.939 / 0.886 on 3f79574, 1/7 first-order
# files flagged) and heldout20 (blind 0.862 / 0.806 on c40d3c6 and 89737ad, 1/7 flagged): 1.00 / 1.00 after the
# rounds of 4486ab4 (layers before the part a grad is taken over; an index another file's call gives as a literal).
# heldout10: 0.967 once an inherited forward is looked up through the file's own bases.
# heldout22 (blind 0.812 / 0.897 on 4486ab4; 0.875 / 0.824 after b389003): 1.00 / 1.00 after issue #5's round on it
# (a second grad over the first one's result keeps the head part; `net.module.head` of a DataParallel, a loss
# function of another file reached through "call:@<i>.?" summaries; a ModuleDict stage run in a loop over literal
# keys; a table of lambdas keyed by a parameter's default; a conditional element of a layer list).
# heldout8, heldout9 and heldout10 at 1.00 (session 19): a function of another module returning a value computed from
# a torch.func transform (credit_monotone_vmap, cbf_quadrotor) or returning transformed functions its caller unpacks
# and calls (cluster_forcefield_func) is a site when the caller differentiates what it returns (BACKED); a registered
# factory returning an instance of its file's class runs that instance's forward; a method decorated by a wrapper
# function of its file runs the wrapper's body (cbf_quadrotor's F.normalize).
RECALL_FLOORS = {"second_order_heldout2": 1.0, "second_order_heldout3": 1.0, "second_order_heldout4": 1.0,
                 "second_order_heldout5": 1.0, "second_order_heldout6": 1.0, "second_order_heldout7": 1.0,
                 "second_order_heldout8": 1.0, "second_order_heldout9": 1.0,
                 "second_order_heldout10": 1.0, "second_order_heldout11": 1.0, "second_order_heldout12": 1.0,
                 "second_order_heldout13": 1.0, "second_order_heldout14": 1.0, "second_order_heldout15": 1.0,
                 "second_order_heldout16": 1.0, "second_order_heldout17": 1.0, "second_order_heldout18": 1.0,
                 "second_order_heldout19": 1.0, "second_order_heldout20": 1.0, "second_order_heldout21": 1.0,
                 "second_order_heldout22": 1.0, "second_order_heldout23": 1.0, "second_order_heldout24": 1.0,
                 "second_order_heldout25": 1.0, "second_order_heldout26": 1.0, "second_order_heldout27": 1.0,
                 "second_order_heldout28": 1.0, "second_order_heldout29": 1.0, "second_order_heldout30": 1.0,
                 "second_order_heldout31": 1.0, "second_order_heldout32": 1.0, "second_order_heldout33": 1.0,
                 "second_order_heldout34": 1.0, "second_order_heldout35": 0.93, "second_order_heldout36": 1.0,
                 "second_order_heldout37": 1.0, "second_order_heldout38": 1.0, "second_order_heldout40": 1.0,
                 "second_order_heldout41": 0.94, "second_order_heldout42": 0.95,
                 "second_order_heldout43": 0.9, "second_order_heldout44": 1.0,
                 "second_order_heldout45": 0.94, "second_order_heldout46": 0.95,
                 "second_order_heldout47": 1.0, "second_order_heldout48": 1.0, "second_order_heldout49": 1.0,
                 "second_order_heldout50": 1.0, "second_order_heldout51": 0.88, "second_order_heldout52": 0.94,
                 "second_order_heldout53": 1.0, "second_order_heldout54": 0.94, "second_order_heldout55": 0.95,
                 "second_order_heldout56": 0.68, "second_order_heldout57": 1.0, "second_order_heldout58": 1.0,
                 "second_order_heldout59": 0.9, "second_order_heldout60": 1.0, "second_order_heldout61": 0.94,
                 "second_order_heldout62": 1.0, "second_order_heldout63": 1.0,
                 "second_order_heldout64": 0.72, "second_order_heldout65": 1.0, "second_order_heldout66": 1.0,
                 "second_order_heldout67": 1.0, "second_order_heldout68": 1.0, "second_order_heldout69": 1.0,
                 "second_order_heldout70": 1.0, "second_order_heldout71": 1.0, "second_order_heldout72": 1.0,
                 "second_order_heldout73": 1.0, "second_order_heldout74": 1.0,
                 "second_order_heldout75": 1.0, "second_order_heldout76": 1.0,
                 "second_order_heldout77": 1.0, "second_order_heldout78": 1.0,
                 "second_order_heldout79": 0.78, "second_order_heldout80": 1.0,
                 "second_order_heldout81": 1.0, "second_order_heldout82": 0.86,
                 "second_order_selfplay": 1.0}
# heldout23 / heldout24 (blind 0.947 / 0.857 on 9afd7b4, 0.871 / 0.900 on aee8fba): recall 1.00 after issue #5's round
# on them (a helper rebinding its output to its own grad in a loop; a module's forward with a grad lifted to its
# instance calls; weights detached into new leaves for torch.func; a loss function of another file calling the
# model itself keeps the part); precision 1.00 after heldout25's round (a builder's or constructor's table key taken
# from the call that built the instance, across files too through the construction's keys; `model.blocks[-1]` of a
# ModuleList run in a loop; a builder's loop unrolled with its conditional elements' arms picked).
# heldout25 was measured blind at recall 0.829 (29/35), precision 0.935 (2 FP) on d8c3654 and 685ed70, 0/6 first-order
# files flagged, and is tuned from then on (recall 1.00, precision 1.00, 0/6 first-order files flagged: a zero-argument
# loss closure reading the model from outside; vmap(grad_and_value(f)); a plain class's `__call__` across files; a
# ModuleDict entry `model.stages["mid"]` run in a loop; a constructor's table key per construction, across files).
# second_order_selfplay: written by that round in styles sets 1-25 do not use (not blind; see its README): measured
# at recall 0.619 (13/21), precision 0.684 (6 FP) before the fixes it led to, 1.00 / 1.00 since. 12 more scripts by
# the round of sets 26/27 (6 first-order look-alikes): 0.846 (11/13), 0.550 (9 FP), 3/6 look-alikes flagged before
# the fixes they led to, 1.00 / 1.00, 0/6 since. 8 more by the round on set 28's last two causes (5 look-alikes):
# 1.00 (3/3), 0.300 (7 FP), 5/5 look-alikes flagged on 32b2a8c, 1.00 / 1.00, 0/5 since.
# heldout26 / heldout27 (blind 0.971 / 0.829 with 2/6 look-alikes flagged, and 1.000 / 0.941, on 41d338a; both still
# blind on d18b5a1 at 1.00 / 0.833 and 1.00 / 0.941): recall 1.00 on both after issue #5's round on them (a create_graph
# flag read from a nested config dict of another file, through aliases, `.get` defaults, this file's helpers' parameters
# and the top-level overrides after the literal; table keys read from such a dict, `cfg["act"]` of an imported config,
# in the table's own file or another's).
# heldout28 was measured blind at recall 0.727 (24/33), precision 0.828 (5 FP), 2/6 first-order files flagged on
# f8475a6, and is tuned from then on: recall 1.00 (33/33), precision 0.846 (the 6 FP of KNOWN_FPS), 1/6 first-order
# files flagged (a `Cls.forward` helper other files call through the instance, `Cls.__call__`; a model parameter of a
# loss module's forward is not that module; a hook's parameter bound by the class its instance is handed to; an
# optimiser's closure in the same file; a SimpleNamespace of hyper-parameters deciding `create_graph=not
# self.hparams.first_order`).
# heldout29 was measured blind at recall 0.778 (28/36), precision 0.903 (3 FP), 1/6 first-order files flagged on
# eefa68e; still blind after set 28's round on ce2b254: 0.778 / 0.848 (5 FP), 1/6; still blind after sets 26/27's round
# on 32b2a8c: 0.778 / 0.848, 0/6 (0.875 on cea045f: the Newton-CG torch.split with a list of sizes went with the split
# data). Tuned from then on: recall 0.917 (33/36), precision 0.943 (the 2 FP of KNOWN_FPS),
# 0/6 first-order files flagged (the element of a factory's returned tuple a name is unpacked from, across files too;
# torch.func.grad of a function or method calling a module it closes over, over detached weights; `self._modules` /
# `self.children()` of a MetaSequential-style nn.Sequential subclass, its layers given at the construction; a
# decorator-filled registry's entries kept under the key the scanned files name, an MS302 note when none does).
# The contractive auto-encoder package's registry key (`cfg.encoder`, a field of the dataclass ModelCfg that
# `ExperimentCfg.model`'s default_factory builds in a torch-free config.py) went in session 17's round: config.py is
# summarised for an annotated field (`encoder: str = "conv"`), and ExperimentCfg() builds ModelCfg() with its
# defaults (project._listed_keys' constructions): recall 1.00 (36/36), precision 0.947.
# heldout28's last two causes went in the round after (issue #5): a table key read as attributes
# (`getattr(cfg.model, "activation", ...)`) of a nested dict another module makes an attribute tree (a class setting
# attributes from the dict's items, a recursive SimpleNamespace, EasyDict-like wrappers; grad_dicts.attr_tree_arg),
# and a call under a guard on a config value that the config makes false (`if l["r1_gamma"] > 0` with 0.0 in
# config.py: no site; grad_guards, project._unreached).
# heldout30 was measured blind at recall 0.848 (28/33), precision 0.966 (1 FP), 0/6 first-order files flagged on
# cea045f and on 6e1c483, and is tuned from then on: recall 1.00 (33/33), precision 0.971 (the 1 FP of KNOWN_FPS),
# 0/6 first-order files flagged (an instance built as `Penalty(w) if w > 0 else None`; a layer table whose __init__
# registers its `**layers` keywords, members read by keyword and through a `__getattr__` alias given as an f-string of
# a config field; a ModuleDict keyed by `self.<attr>` set from a config in __init__, the config another file's dict
# that a module-level function's default passes; a hook registered with `register_forward_hook` on a member; grad
# outputs and inputs unpacked from one forward's returned tuple, as in a DEQ's `return head(fz), fz, z_star`). Since
# the round on sets 29/30/33's leftovers: recall 1.00 (33/33), precision 1.00 (the foam MAML package's key read from
# `cls(cfg.hidden, cfg.act)` in a `from_config` classmethod given config.py's module-level frozen dataclass instance).
# heldout31 was measured blind at recall 0.931 (27/29), precision 1.00, 0/6 first-order files flagged on cbe8a30 and
# on cd4262c, and is tuned from then on: recall 1.00 (29/29), precision 1.00, 0/6 first-order files flagged (the layers
# a generator function or method yields, `yield from` too, taken as what its call returns: `nn.Sequential(*gen(...))`,
# `nn.ModuleList(list(self._gen()))`, across files through the function's "instance" summary).
# heldout32 was measured blind at recall 0.933 (28/30), precision 0.966 (1 FP), 0/6 first-order files flagged on
# 1650f25 and on b6c9e67, and is tuned from then on: recall 1.00 (30/30), precision 1.00, 0/6 first-order files flagged
# (builder functions a decorator registers, `@register("down") def down(...)`, picked in a loop over a list field of a
# config dataclass, `for name in cfg.critic_blocks: BLOCKS[name](...)`, whose default_factory list is read from
# config.py, which imports no torch (its "fields" summary, asked for by the construction `Critic(cfg)`); a table key
# `ACTIVATIONS[cfg.activation]` whose `cfg` parameter is annotated with the file's dataclass).
# heldout33 was measured blind at recall 1.00 (30/30), precision 0.811 (7 FP), 1/6 first-order files flagged on 3bf7564
# and on a184da6, and is tuned from then on: recall 1.00 (30/30), precision 0.909 (the 3 FP of KNOWN_FPS), 0/6
# first-order files flagged (a module-level constant of a file that imports no torch, `create_graph=not
# config.FIRST_ORDER` / `from config import FIRST_ORDER`, read from its "config" summary, any attribute write to it
# in a summarised file leaving it not known; a table key `ACTIVATIONS[cfg.activation]` of a config of no known class,
# read as the default of the one dataclass with that field when its constructions leave it out; `x.shape`,
# `x.dtype`, `x.device` read no derivative of x, in one file).
# heldout34 was measured blind at recall 0.906 (29/32), precision 0.906 (3 FP), 0/6 first-order files flagged on
# 6b29b2f, and at 0.969 (31/32), 0.838 (6 FP), 0/6 on bab45bf; tuned from then on: recall 0.969 (31/32), precision
# 0.861 (the 5 FP of KNOWN_FPS), 0/6 first-order files flagged (a table key looped over a tuple or list constant of
# another module, `for name in names: BLOCKS[name](...)` with `build_mlp(1, config.TRUNK_BLOCKS, ...)`, read from that
# file's "config" summary: the builder entries no call's constant names stay off the path). Then 1.00 (32/32), 0.865:
# the SDF script's F.gelu (layers composed with `functools.reduce`: the callback's body is on the path; its `lin`, an
# item of the reduced sequence, is said as MS302).
# heldout35 was measured blind at recall 0.742 (23/31), precision 0.852 (4 FP), 1/6 first-order files flagged on
# ee93fc4 and on 67467c7; tuned from then on: recall 0.742, precision 1.00, 0/6 first-order files flagged (a function
# named only in the branch of a conditional a constant decides, `residual = residual_autograd if CFG["exact"] else
# residual_fd`, never runs; a grad input re-leafed in a loop, `x_in = x.requires_grad_(True)` with `x = x_in + f *
# dt` below, cuts the slice there, and `torch.full_like(x)` is no source of it; a helper's model argument is taken
# only from the calls that pass its create_graph parameter something other than a literal turning it off).
# Then 0.903 (28/31), 1.00: a grad helper bound to `functools.partial(torch.autograd.grad, create_graph=True)` is a
# grad site with the partial's keywords (the ISM script's nn.Hardswish); a step function called from a dispatch table
# (`steps[name](models, opts, real)`) gets that call's arguments, and `models.disc` of `SimpleNamespace(disc=D())` is
# the keyword's value (the R1 audio GAN's 4 ops). Missed: the metareg package's nn.Softshrink (a ModuleList head
# indexed by a settings class attribute, the model a generic `model` parameter taken to be the file's only class),
# the score-SDE package's nn.GLU / nn.Softshrink (blocks from a class-level registry dict: MS302).
# heldout36 was measured blind at recall 0.818 (27/33), precision 0.771 (8 FP), 2/6 first-order files flagged on
# 675f6d8 and on fcdc884; tuned from then on: recall 0.909 (30/33), precision 1.00, 0/6 (an `if` test reading the
# value it guards, `if self._disc is None: self._disc = D()` under a cached @property, is not decided, where it
# recursed without end; `create_graph=use_physics` with `use_physics = CFG["w"] > 0` over module constants; a call
# under `if config.CURVATURE_WEIGHT > 0:`, another module's constant; `ACTS[cfg.act]` with cfg a SimpleNamespace; a
# ModuleDict looped over `self.keys = list(hparams.HEAD_KEYS)`). Missed then: the ring-road PINN's F.gelu (jvp over jvp
# in a vmapped closure a factory returns: no MS3xx finding), the WGAN-GP package's F.pad / nn.GroupNorm (a registry
# class's build from a nested-dataclass settings module: MS302). Both went in session 18's round: recall 1.00 (33/33),
# precision 1.00, 0/6 (torch.func.jvp evaluates its function on the path and a backward of a loss computed from a
# jvp tangent is a site; an imported Registry object that the file's decorators fill is a table there, `BLOCKS.build(k,
# ...)` its item; a key looped over a constructor's list parameter is read from the callers' literal lists).
# The same round took heldout35 from 0.903 to 0.935 (29/31) at precision 0.935 (the metareg package's nn.Softshrink:
# a public helper's generic `model` parameter, guessed to be its file's only class, also takes what other files pass;
# that brings the two metareg FPs of KNOWN_FPS).
# heldout37 was measured blind at recall 0.677 (21/31), precision 1.00, 0/6 on 2b47058 and on 1958f70; tuned from then
# on: recall 0.935 (29/31), precision 1.00, 0/6 (a method called on a local instance of the file's plain class,
# `opt.step(closure)`, binds its parameters, and an Optimizer subclass's grad inputs read from `self.param_groups` in a
# comprehension are its instance's weights; a function handed to another as an argument, `fit(..., penalty_fn=gp)`, is
# called where that parameter is; a loop over a dataclass field's `default_factory` list of classes builds each one;
# `ema.module` of another file's plain wrapper class is that class's member, of a DataParallel subclass the instance
# or what it wraps); then recall 1.00 (31/31), precision 1.00, 0/6 (`instantiate(node)` of a hydra-style dict of another
# module's constant: the `_target_` strings under that path, reported in the constant's file; `getattr(nn,
# settings.ACT)` filled from the other module's string constant).
# heldout38 was measured blind at 0.816 / 0.912, 1/6 on 1d089fc and at 0.842 / 0.970, 0/6 on 2172833; tuned from then
# on to 1.00 / 1.00, 0/6: a table item unpacked into a tuple target (`cls, kwargs = spec[name]`, spec a parameter whose
# default is the file's table: its entries for the keys the plan loop names); `self._grad = partial(torch.autograd.grad,
# create_graph=...)` called as `self._grad(y, x)` in a plain class's `__call__`, the instance a parameter's default
# (`grad=Grad()`); a loop target has no constant value (it was taken as the whole list, deciding `if name in (...)`
# false); a grad helper taking create_graph through `**kw` lifts only the calls that pass it.
# The MS301 false positives left, each a known cause not yet handled (a test fails on any other, and when one of these
# goes, so that the list shrinks with the fixes):
# - heldout26 fo_maml_herbarium_...: `create_graph=args.second_order` is an argparse `--second-order` store_true switch:
#   issue #5 calls a create_graph expression a "possible" site, and the switch is a real second-order mode of the
#   script, so the maintainer decided that the label (first order) is the arguable side, not the rule: not a defect of
#   the rule (KNOWN_FLAGGED_FIRST_ORDER names it).
# - heldout29 mldg_..._pkg: nn.SELU x2 of the MLP featurizer that `networks.Featurizer(input_shape, hparams)` returns
#   only for a 1-D input shape; train.py builds the algorithm with (3, 16, 16) (through `get_algorithm_class` and
#   ERM.__init__), so EggCNN is the one built: needs a function's returns picked by a test on `len()` of a tuple
#   literal passed two calls and a file away, not a path change.
# - heldout33 gradnorm_dairy_..._pkg: nn.SELU x2 (one line) of the shared trunk below the layer whose weight the task
#   grads are taken w.r.t.: the trunk's output enters those grads as a value, so the trunk is differentiated once;
#   needs ops upstream of a grad's inputs (a layer's parameters in the middle of the network) left off the path.
# - heldout33 r1_diffaugment_..._pkg: F.affine_grid in augment.py, its theta built from constants and x's shape: the
#   shape reads are cut in one file, but another file's function reached through its "call" summary is expanded whole
#   (no slice from the parameter the live argument enters).
# - heldout34 deeponet_..._pkg: the branch's nn.GroupNorm / nn.PReLU (one line): the PDE derivatives are taken w.r.t.
#   the coordinates x, and the branch net is called on the sensors only: needs the ops of a forward that do not derive
#   from the differentiated argument left off the path (as heldout33's GradNorm trunk). Its torch.einsum (MS304, no
#   primitive known for it in the data) is the data's honest answer and stays.
# - heldout34 critic_ensemble_..._pkg: the MlpCritic's nn.GroupNorm / nn.PReLU: only `critics[settings.GP_MEMBER]`
#   gets the penalty; needs a module constant of a torch-free file read as an index into the ensemble.
# - heldout41 dissipative_hnn_..._pkg: the unselected nn.Hardswish of models.ACTIVATIONS: the key is the default of a
#   dataclass field of config.py, passed through `build("hamiltonian", ..., cfg.act)` -> `MODELS[name](*args)`.
#   path_length_..._pkg: the mapping network's nn.PReLU: `img, ws = generator(z, return_ws=True)` with the generator
#   another file's model is taken whole (grad_paths.sibling_returns slices between the returned elements only when
#   the class is known in the file). Missed: inverse_pinn_..._pkg's F.hardswish (`getattr(F, act)` with act from a
#   config dict popped into `**spec` of a decorator registry's class), MS302.
# - heldout42 learned_optimizer_..._pkg / maml_second_order_..._pkg / saliency_tv_..._pkg: an unselected nn.Hardswish of a table
#   keyed by a config string (the saliency net's keys are the last elements of a dataclass default's tuple of tuples,
#   unpacked by a loop). The learned optimiser's inner F.smooth_l1_loss is missed: a lambda entry of another file's
#   TASK_LOSSES table, `loss_fn = TASK_LOSSES[cfg["task_loss"]]` with cfg a parameter given CFG of config.py
#   (saliency_tv's `REGULARISERS[cfg.regulariser](model, x, y)`, a call through another file's table of functions,
#   was MS302 until grad_project.table_callee).
# - heldout43 / heldout44 (blind in session 22, tuned only by the dict-comprehension parts fix): their misses and FPs
#   are the known ones above, listed in KNOWN_FPS: an unselected table entry keyed by a config of another file
#   (fish pass, an argparse default of a `parse_args()` helper, read since session 42; lettuce's, a
#   `json.loads(CFG_JSON)` of a module-level string constant, is read since session 39),
#   the trunk of a DeepONet another file's factory builds (its forward taken whole across
#   files) (a first-order force-field package whose monitoring gradient is read only through `.detach()` was
#   flagged until grad_paths.result_only_detached). Session 23 took heldout43 from 0.77 to 0.91 (20/22): the ropeway
#   package's ReLU6 (`getattr(nn, name)` with name a parameter another file's call gives `cfg.act`: the template
#   "torch.nn.{@layers:conv_stage:3:|act}", filled from the nested dataclass default) and its LPPool1d FP (the
#   table key read the same way: scan's rounds now summarise the files building and declaring the dataclass); the
#   Sophia package's PReLU / AdaptiveAvgPool1d (a lambda closure handed to another file's optimiser method, whose
#   weights' list is rebound after the grad). Its nn.Hardswish is now a FP: the key `spec["act"]` of each dict of
#   a list of block specs in another file's config (`for spec in blocks: make_block(cin, spec)`), not read. Missed:
#   F.hardswish picked by `getattr(F, act)` with act given through `**cfg["kwargs"]` to a decorator registry's class
#   (MS302 says so), a cross entropy on sampled labels inside a Fisher penalty.
# - heldout35 metareg_..._pkg: the unselected head's nn.Hardswish (`self.heads[self.head_index]` with `head_index =
#   Model.HEAD_INDEX`, a class attribute of a torch-free settings module, as heldout34's ensemble index) and the
#   nn.ReflectionPad1d applied to the data before any weight (the grad is w.r.t. the weights only; the live-input
#   restriction is not carried through a parameter followed into another file's model).
_HNN = ("dissipative_hnn_fermi_pasta_ulam_tsingou_alpha_chain_helmholtz_split_conservative_dissipative_scalar_nets_"
        "activation_registry_prelu_selected_hardswish_unselected_fgelu_tanh_create_graph_self_training_smoothl1_loss_"
        "registry_once_pkg/")
_LEARNED_OPT = ("learned_optimizer_per_coordinate_mlp_ward_bed_occupancy_forecasters_unrolled_create_graph_from_cfg_"
                "dict_functional_call_adaptive_avgpool1d_smooth_l1_lambda_registry_optimizer_hardswish_once_prelu_"
                "unselected_pkg/")
_COUGH = ("maml_second_order_tb_cough_spectrogram_screening_per_clinic_tasks_algo_string_create_graph_equality_block_"
          "registry_lambdas_moduledict_spec_avgpool2d_bce_with_logits_module_inner_fbce_logits_outer_once_hswish_"
          "unselected_pkg/")
_PATHLEN = ("path_length_regularised_stylegan_lite_suminagashi_marbled_paper_textures_getattr_nn_act_from_config_"
            "synthesis_selu_mapping_prelu_once_finterpolate_kwargs_dict_rgb_skip_disc_getattr_maxpool2d_once_loss_dicts_"
            "pkg/")
_MELU = ("melu_cold_start_podcast_listener_ratings_cfg_dict_act_table_felu_getattr_f_smooth_l1_local_loss_embedder_"
         "prelu_once_pkg/")
_FEDAVG = ("per_fedavg_smart_thermostat_occupancy_variant_table_maml_selected_hf_unselected_groupnorm_lambda_"
           "bce_logits_dict_pkg/")
_GAUSS_NEWTON = ("hf_gauss_newton_double_vjp_ramp_meter_loop_occupancy_moduledict_reflect_pad_glu_lstm_unused_"
                 "smooth_l1_once_pkg/")
_METRO = ("jacobian_norm_reg_metro_station_passenger_flow_cosine_attention_autograd_vjp_create_graph_normalize_"
          "qk.py")
_ROPEWAY = ("gradient_norm_penalty_exact_double_backprop_aerial_ropeway_haul_rope_vibration_faults_dataclass_cfg_getattr_"
            "nn_relu6_pool_lambda_avgpool1d_ce_label_smoothing_fd_variant_unselected_reflect_pad_input_aug_pkg/")
_FISHPASS = ("navier_stokes_pinn_vertical_slot_fish_pass_pool_uvp_vector_output_continuity_divergence_momentum_mixed_"
             "partials_modified_mlp_gates_act_table_prelu_selected_selu_unselected_smooth_l1_residual_once_vorticity_"
             "curl_detached_avg_pool2d_nograd.py")
_HERBARIUM = "fo_maml_herbarium_leaf_argparse_second_order_store_true_prelu_logsoftmax.py"
_MLDG = "mldg_oology_egg_photos_museum_domains_domainbed_style_hparams_registry_featurizer_pkg/"
_GRADNORM = ("gradnorm_dairy_milking_robot_yield_mastitis_multitask_task_weight_grads_heads_relu6_softshrink_"
             "losses_module_pkg/")
_R1LOOM = ("r1_diffaugment_weaving_loom_jacquard_swatches_grid_sample_translation_augment_module_hardswish_"
           "moduledict_pkg/")
_DEEPONET = ("deeponet_poisson_rod_heat_source_operator_branch_trunk_builder_dict_elu_prelu_trunk_groupnorm_prelu_"
             "branch_first_order_pkg/")
_METAREG = ("metareg_elastic_net_coefficients_wine_cellar_temperature_forecast_settings_class_attrs_modulelist_head_"
            "index_input_reflection_pad1d_softshrink_head_inner_smooth_l1_pkg/")
_HUMPBACK = ("critic_ensemble_gp_one_member_humpback_song_unit_spectra_settings_module_critic_registry_gelu_tanh_"
             "avgpool1d_mlp_member_clipped_prelu_groupnorm_pkg/")
_AWR = "fo_awr_offline_rl_irrigation_canal_gates_state_gp_weight_zero_config_class_selu_relu6_log_softmax_huber.py"
_REEFER = "gradnorm_reg_manual_backward_create_graph_reefer_excursion_gru_mid_reflection_pad_fbce_input_pad_trap.py"
_ICE_RINK = ("lipschitz_q_offline_rl_ice_rink_chiller_lightning_state_gp_config_module_avgpool1d_softshrink_prelu_"
             "once_pkg/")
_ASPHALT = "jacobian_frobenius_func_vjp_asphalt_core_ct_moduledict_key_strings_reflectpad_relu6_maxpool2d_ce_once.py"
_ACCORDION = ("sobolev_accordion_reed_pitch_surrogate_student_registry_base_class_other_file_glu_groupnorm_teacher_gelu_"
              "tanh_once_pkg/")
_STENT = "coronary_stent_pressure_sobolev_training_model_factory_film_prelu_fnormalize_strut_encoder_avgpool_once_pkg/"
_PERMAFROST = "permafrost_active_layer_thaw_pinn_hard_bc_subclass_residual_registry_groupnorm_getattr_f_selu_pkg/"
_GUST = "thunderstorm_gust_front_anemometer_forward_hook_feature_grad_penalty_groupnorm_lppool1d_reflectpad_once.py"
_SUCTION = "suction_cup_pick_scoring_loss_term_decorator_lipschitz_relu6_maxpool2d_prelu_stream_once_tv_off.py"
_STAY_CABLE = ("fo_stay_cable_tension_event_bus_penalty_handlers_input_grad_handler_weight_zero_selu_adaptive_avgpo"
               "ol1d_gelu_tanh_pkg")
_PEPTIDE = ("cyclic_peptide_proximity_maps_reg_mixins_input_grad_felu_bce_logits_pos_weight_relu6_once_curv_mixin_o"
            "ff.py")
_RUNWAY = "runway_fog_visibility_gan_event_bus_penalty_handlers_r1_reflectpad2d_adaptive_avgpool2d_upsample_once_pkg"
_CRICKET = "fo_tree_cricket_chirp_temperature_event_trainer_hessian_probe_never_emitted_tensor_hook_hswish_maxpool.py"
_WHEELCHAIR = ("gradnorm_multitask_wheelchair_propulsion_imu_dataclass_tasks_hswish_heads_ce_smoothl1_avgpool1d_trunk_"
               "once_pkg")
_STAMP = ("fo_r1_monitor_rubber_stamp_impressions_dataclass_exact_false_lib_instantiate_hardswish_avgpool2d_bce_first_"
          "order_pkg")
_GLAZE = "fo_glaze_crawling_fomaml_contextmanager_higher_order_false_algo_string_selu_maxpool2d_ce_first_order.py"
_PHONOGRAPH = "maml_manual_weights_ordereddict_phonograph_cylinder_grooves_hook_meta_update_flog_softmax_nll_inner.py"
_MILK = ("fo_htst_milk_pasteuriser_outlet_temp_make_step_order_"
         "one_sobolev_branch_off_unused_twice_hswish_groupnorm_sl1_pkg")
_FUMAROLE = "fo_fumarole_multigas_yaml_variants_input_grad_weight_zero_prelu_groupnorm_sl1_saliency_logged.py"
_YODEL = "fo_wgan_clip_yodel_pitch_contours_mapping_match_penalty_none_walrus_selu_avgpool_groupnorm_pkg/"
_EXIT69 = ("early_exit_sinkhole_gpr_traces_confidence_exits_input_grad_penalty_final_exit_only_lppool1d_trunk_log_"
           "softmax_gather_aux_exits_hardshrink_ce_once.py")
_WINGSUIT = ("fo_curriculum_wingsuit_glide_ratio_regressor_phase_table_hessian_smoothness_phase_from_epoch_12_never_"
             "reached_in_4_epochs_hvp_create_graph_gelu_tanh_prelu_input_grad_logged_first_order.py")
_DYE = ("fo_natural_dye_swatch_reflectance_gan_lazy_r1_reg_start_step_beyond_run_length_step_modulo_never_true_create_"
        "graph_r1_unreached_hardswish_avgpool1d_disc_first_order_pkg/")
_ORGAN = ("organ_pipe_voicing_spectra_stylegan2_lazy_path_length_reg_g_reg_every_synthesis_replicate_pad_upsample_"
          "mapping_selu_once_r1_gamma_zero_disc_hardswish_once_pkg/")
_SNOW = ("snowmaking_nozzle_icing_risk_jacobian_reg_warmup_steps_penalty_off_then_on_scheduled_activation_relu6_warmup_"
         "only_gelu_tanh_after_nn_glu_feature_gate_bce_logits_once_pkg/")
_WATERMILL = ("watermill_wheel_bucket_dynamics_moe_hamiltonian_nn_cosine_router_topk_dense_experts_torch_gather_"
              "fnormalize_token_expert_table_hardswish_stiff_damped_unconfigured_hardshrink_expert_embedding_normalize_"
              "once_pkg/")
_GLOBAL_FILTER = ("global_filter_pinn_rfft_hidden_mixing_compost_windrow_heat_diffusion_felu_torch_narrow_gate_fft_no_"
                  "primitive_rows_boundary_smooth_l1_once_spectral_penalty_once.py")
_LISSA78 = "influence_lissa_head_electra_chocolatier_feedback_multilabel_prelu_summary_bce_logits_frozen_gelu_tanh_pkg"
_ELECTRA78 = ("r1_penalty_electra_discriminator_organ_tuner_notes_inputs_embeds_gelu_tanh_tuple_classinstantier_bce_"
              "once_pkg")
_DRAGAN79 = "dragan_cuckoo_clock_bellows_base_cfg_merge_relu6_adaptive_avgpool1d_gn_hswish_base_overridden_pkg"
_FOMAML79 = "fo_fomaml_first_order_cfg_archery_fletching_fewshot_registry_prelu_avgpool_ce_hessian_helper_unused.py"
_YURT79 = "fo_yurt_felt_heat_loss_base_gp_deleted_by_override_sensitivity_hook_no_create_graph_selu_gn_pkg"
KNOWN_FPS: dict[str, set[str]] = {
    # (set 79: a `_base_` config merged with an override by the project's own merge function, both files' values
    # standing in for the merged one)
    "second_order_heldout79": {f"{_DRAGAN79}/:51 torch.nn.Hardswish", f"{_DRAGAN79}/:54 torch.nn.GroupNorm"},
    # (set 78: activation-table keys and a `problem_type` branch chosen by another file's config through
    # `getattr(config, ...)` / a function parameter; the `labels=None` branch and `.logits` of an output dataclass
    # across files)
    "second_order_heldout78": {f"{_LISSA78}/:15 torch.nn.functional.gelu", f"{_ELECTRA78}/:32 torch.nn.ReLU6",
                               f"{_ELECTRA78}/:145 torch.nn.BCEWithLogitsLoss"},
    # (set 70's two: rfft / irfft are on the path and MindSpore 2.10 CPU cannot differentiate them twice - a double
    # gradient fails on FFTShapeCopy / IRFFTDouble, see its README - but its labels follow the data files only)
    "second_order_heldout70": {f"{_GLOBAL_FILTER}:31 torch.fft.rfft", f"{_GLOBAL_FILTER}:32 torch.fft.irfft"},
    "second_order_heldout69": {
        f"{_EXIT69}:21 torch.nn.Hardshrink", f"{_WINGSUIT}:24 torch.nn.GELU", f"{_WINGSUIT}:25 torch.nn.PReLU",
        f"{_DYE}:25 torch.nn.Hardswish", f"{_DYE}:25 torch.nn.AvgPool1d", f"{_DYE}:26 torch.nn.Hardswish",
        f"{_DYE}:26 torch.nn.AvgPool1d", f"{_ORGAN}:71 torch.nn.Hardswish", f"{_ORGAN}:72 torch.nn.Hardswish",
        f"{_SNOW}:17 torch.nn.functional.relu6",
    },
    "second_order_heldout64": {f"{_FUMAROLE}:83 torch.nn.GroupNorm", f"{_FUMAROLE}:84 torch.nn.PReLU",
                               f"{_FUMAROLE}:86 torch.nn.GroupNorm", f"{_FUMAROLE}:87 torch.nn.PReLU"},
    "second_order_heldout60": {f"{_PHONOGRAPH}:46 torch.nn.functional.avg_pool1d"},
    "second_order_heldout26": {
        f"{_HERBARIUM}:27 torch.nn.AvgPool2d",
        f"{_HERBARIUM}:34 torch.nn.functional.prelu",
        f"{_HERBARIUM}:35 torch.nn.functional.log_softmax",
    },
    "second_order_heldout29": {f"{_MLDG}:10 torch.nn.SELU", f"{_MLDG}:12 torch.nn.SELU"},
    "second_order_heldout33": {f"{_GRADNORM}:9 torch.nn.SELU", f"{_R1LOOM}:13 torch.nn.functional.affine_grid"},
    "second_order_heldout34": {f"{_DEEPONET}:24 torch.nn.GroupNorm", f"{_DEEPONET}:24 torch.nn.PReLU",
                               f"{_HUMPBACK}:11 torch.nn.GroupNorm",
                               f"{_HUMPBACK}:12 torch.nn.PReLU"},
    "second_order_heldout35": {f"{_METAREG}:10 torch.nn.Hardswish"},
    "second_order_heldout41": {f"{_HNN}:11 torch.nn.Hardswish", f"{_PATHLEN}:17 torch.nn.PReLU"},
    "second_order_heldout42": {f"{_LEARNED_OPT}:5 torch.nn.Hardswish", f"{_COUGH}:7 torch.nn.Hardswish"},
    "second_order_heldout45": {f"{_MELU}:9 torch.nn.functional.hardswish", f"{_MELU}:18 torch.nn.PReLU",
                               f"{_FEDAVG}:10 torch.nn.functional.binary_cross_entropy_with_logits",
                               f"{_FEDAVG}:11 torch.nn.ReLU6"},
    "second_order_heldout46": {f"{_GAUSS_NEWTON}:25 torch.nn.LSTM",
                               f"{_METRO}:32 torch.nn.functional.log_softmax"},
    "second_order_heldout49": {f"{_AWR}:35 torch.nn.SELU",
                               f"{_AWR}:36 torch.nn.ReLU6", f"{_REEFER}:53 torch.nn.ReflectionPad1d",
                               f"{_ICE_RINK}:14 torch.nn.PReLU"},
    "second_order_heldout50": {f"{_ASPHALT}:48 torch.nn.GroupNorm"},
    "second_order_heldout51": {f"{_ACCORDION}:21 torch.nn.GELU", f"{_ACCORDION}:22 torch.nn.GELU"},
    "second_order_heldout52": {f"{_STENT}:13 torch.nn.AvgPool1d", f"{_STENT}:45 torch.nn.Hardshrink",
                               f"{_PERMAFROST}:13 torch.nn.Hardswish"},
    "second_order_heldout54": {f"{_WHEELCHAIR}/:12 torch.nn.functional.binary_cross_entropy_with_logits",
                               f"{_WHEELCHAIR}/:17 torch.nn.AvgPool1d"},
    "second_order_heldout59": {f"{_GLAZE}:47 torch.nn.SELU", f"{_GLAZE}:50 torch.nn.AdaptiveAvgPool2d"},
    "second_order_heldout56": {
        f"{_PEPTIDE}:48 torch.nn.functional.softshrink",
        f"{_STAY_CABLE}/:15 torch.nn.SELU", f"{_STAY_CABLE}/:16 torch.nn.SELU",
        f"{_STAY_CABLE}/:17 torch.nn.AdaptiveAvgPool1d", f"{_STAY_CABLE}/:19 torch.nn.GELU",
        f"{_CRICKET}:105 torch.nn.functional.smooth_l1_loss",
        f"{_RUNWAY}/:52 torch.nn.functional.avg_pool2d", f"{_SUCTION}:75 torch.nn.functional.interpolate",
        f"{_GUST}:20 torch.nn.ReflectionPad1d", f"{_GUST}:74 torch.nn.functional.pad",
    },
}
# The first-order files that still carry an MS3xx finding (exact sets, as KNOWN_FPS): heldout26's herbarium script (the
# arguable label above); heldout49's AWR look-alike (its gradient penalty's weight is 0.0 in a config class).
# - heldout48's abalone look-alike is clear since session 25: its mixin method's only call, `self.gradient_penalty(...)`
#   in another file's subclass, sits under `if self.cfg.PENALTY == "gp"` with `self.cfg` the config module
#   (grad_guards.method_reach, the "selfcall" / "attrs" summaries, project._MethodUses, grad_dicts.module_value).
# - heldout49 (session 25) was measured blind at recall 0.696 (16/23), precision 0.80, 1/3 first-order files flagged on
#   0b6326e and after the mixin-guard round (identical): three packages were MS302, each a class deriving from
#   another file's base without a forward of its own (a Lightning-style critic hierarchy, `super().encode(x)`,
#   `self.act = self.make_act()` overridden in the subclass, `self.out` replaced in the subclass's __init__). Now
#   1.00 (23/23), 0.821: the base's instance and member summaries without what the overrides replace
#   (grad_expand._expand_class, super_member, project._not_overridden). Left: darts' unused Hardswish entry, the
#   reefer GRU's input pad (arguable), ice-rink's action-only PReLU (the input restriction is not carried into the
#   base's summary), the AWR look-alike.
# - heldout50 (session 25) was measured blind at recall 1.00 (23/23), precision 0.885, 0/3 on 0b6326e. Session 26:
#   0.96, the drifter's time-embedding F.elu gone (jacrev's argnums through a named lambda: grad_expand.
#   expand_callable) and the FFJORD field's unselected SELU (the key is element 2 of each row of another file's list:
#   grad_common.list_field, literal_rows, row_keys; the same took set 43's Sophia, set 46's exoskeleton and set 42's
#   saliency Hardswish FPs). Left: asphalt's GroupNorm (block keys parsed by string methods).
# - heldout51 / heldout52 (session 26) were measured blind on f5be985: set 51 recall 0.765 (13/17), precision 0.481,
#   1/3 look-alikes flagged; set 52 0.889 (16/18), 0.667, 1/3. Set 51 is 0.882 / 0.556 after the session's round (the
#   Neumann package's `Act = partial(nn.Softshrink, ...)` given as a parameter default is written at the partial:
#   grad_expand.partial_alias); set 52 unchanged. Left in 51: the fencing look-alike's exact branch, off by
#   `exact=CFG.exact_hypergrad` (a parameter default from another file's SimpleNamespace; no call passes it); the
#   accordion Sobolev package's grad in a base class's method over `self(x)`, taken for the in-file teacher (a
#   first-order caller) instead of the other file's registered student; unselected functional entries in meta-SGD /
#   ML3. Left in 52: the yeast look-alike's create_graph from a frozen dataclass flag, the stent's unused encoder,
#   the tonearm's unselected F.relu6, permafrost's getattr(F, "selu") (MS302) and its subclass's Hardswish.
#   Session 27: set 51 0.882 / 0.882, 0/3; set 52 0.889 / 0.842, 0/3. The fencing look-alike is clear (a guard over a
#   parameter reads what every call gives it, the default where one leaves it out: grad_guards.param_guard,
#   project.guard_reader; a module-level SimpleNamespace is a "config" summary), so is the yeast one (a config
#   class's construction in its own file records its flags: `CONFIG = SDEConfig()` takes the field's default False);
#   meta-SGD's hardswish (`ACTS[layer[1]]` under `elif layer[0] == "act"`: only the rows that `if` lets through,
#   grad_values.row_choices) and ML3's softshrink (`A() if KIND == "mlp" else B()`, a constant test: one arm).
#   Set 52's tonearm relu6 too (`--kinetic-act` defaulting to `TonearmConfig.kinetic_act`: that field's default).
# - heldout53 (session 27: frameworks' structure, the derivative in a base trainer / mixin / hook) was measured blind on
#   d6ae84f: recall 0.412 (7/17), precision 0.583, 1/3 look-alikes flagged, 3/9 second-order files silent. After the
#   session's round, 0.588 / 0.625, 0/9 silent: a base class's `self.model = self.build_model()` with build_model
#   left to subclasses (`raise NotImplementedError`) is what the in-file override returns (grad_values.value_class,
#   grad_common.is_abstract). Left: the horse-racing look-alike (first-order MAML by a dataclass flag through a
#   conditional expression), the CTR package's `getattr(nn, act)()` and F.normalize, the cochlear mixin's blocks,
#   the rain-gauge GELU(approximate=cfg.approximate), the credit package's ReLU6, the tennis SELU entry, and two
#   unselected hardswish entries reached through `self.cfg` chains.
#   Session 28: 0.941 / 0.889, 0/3 (16/17): the horse-racing look-alike is clear (a dataclass built only as another's
#   `field(default_factory=MetaConfig)` is built where that one is: project._constructions); CTR's Softshrink and
#   F.normalize (a config path through what a call passes on, `cfg.model.name`, takes the one dataclass's default;
#   a getattr'd activation handed down as `mcfg.act` likewise; the factory's per-input slices drop the id-only
#   AdaptiveAvgPool1d); the credit ReLU6 (an inherited __init__ named by the subclass train.py builds, dict rows
#   `layer["name"]` of a dataclass default list); the tennis SELU (`getattr(sys.modules[__name__], cfg.net)`); the
#   cochlear blocks (`self(x)` in a mixin, rows with keyword dicts in another file's dict). The rain-gauge GELU is an
#   MS302 now naming the cause: `FIELDS[cfg.field]` with the key an argparse default behind `get_config()`.
#   Session 29: 1.00 / 0.944 (17/17): that GELU too (a function returning `SimpleNamespace(**vars(args))` is a
#   "fields" summary of its options' defaults, grad_dicts.argparse_entries; grad_values.project_made), and the
#   bin-picking hardswish (`cfg.act` / `self.cfg.act` of a dataclass instance a base trainer holds: what its
#   constructions give the field, grad_values.field_choices).
#   Set 52 is 0.944 (permafrost's `getattr(F, "selu")`), set 44 lost its DeepONet Hardswish FP.
# - heldout54 (session 28: the engineering around the model: wrappers, hooks, checkpointing, AMP, Lightning-style
#   steps, callbacks) was measured blind on 50f7f22: recall 0.722 (13/18), precision 0.684, 2/3 look-alikes flagged,
#   0/9 second-order files silent. After the session's round 0.722 / 0.929, 0/3: `self.hparams = dict(hparams)`
#   holds what hparams does (grad_dicts._DICT_COPIES: the bowling look-alike's create_graph False); a method of a
#   class its file builds only under a false config guard never runs (grad_guards.construction_guards, a guard over a
#   parameter's key path read in the dict each call passes: the cassette look-alike's curvature callback). Left: the
#   GradNorm package (the second derivative is w.r.t. task weights scaling the backward, MS302), the Grad-CAM
#   hook case (MS302), the bouldering teacher's hardswish (the teacher's pseudo labels reach the student's grad only
#   as a constant: first order; taken as on the path).
# - heldout55 (session 29: dynamic model construction and older idioms: add_module / setattr loops, getattr(nn, name)
#   over (name, kwargs) rows, OrderedDict builders, functools.reduce over layers, decorator registries, Variable /
#   `.data` / only_inputs) was measured blind on 38653d0: recall 0.500 (11/22), precision 0.733, 2/3 look-alikes
#   flagged, 1/9 second-order files silent. After the session's round 0.682 / 1.00, 0/3, 0/9: a builder filling an
#   OrderedDict (or a list) by `getattr(nn, name)(**kw)` per row is unrolled with each round's name
#   (grad_unroll.picked, the cymbal critic without the generator's PReLU); `nn.Sequential(build_layers(variant))`
#   runs the rounds the argparse default picks (the bobsleigh ReLU6 FP); `functools.reduce(lambda h, layer:
#   layer(h), self.layers, x)` calls each layer (the gondola net was silent); a gradient read only through `.data`
#   is a constant (the skateboard look-alike); `create_graph=cfg.order > 1` reads the config's order (the pellet
#   FOMAML look-alike). Left: the fingerspelling Lambda's F.hardshrink, the koi MAML blocks (getattr'd functionals
#   in a decorator registry), the pearl package's `build(cfg.critic)` (a SimpleNamespace config module's list),
#   the zamboni GELU(approximate=...) from another file's config, the archery `getattr(F, act)` of a class built
#   only through `MODELS[args.model]()` (its default "selu").
# - heldout45 (session 24): the SEGAN package's `@register_penalty("r1")` of registry.py is followed to train.py's
#   `PENALTIES[cfg.penalty](disc, ...)` (grad_paths.function_tables, project._registered), the entry picked by the
#   config (grad_project.table_key_field); the voxelmorph look-alike's input-Jacobian regulariser, registered under a
#   key no config picks, is dropped (project's unpicked_entry); continual's Hardswish and AdaptiveAvgPool2d. Left:
#   MeLU / Per-FedAvg entries another file's config leaves unused.
# - heldout46 (session 24, 0.86 -> 0.95): the exoskeleton MAML's `grad(support_loss, argnums=1)(net, params, batch)`
#   binds support_loss's `net` as a call does (GradValues.transformed_calls; was MS302). It brings two FPs: the
#   unselected nn.Softshrink of a list-of-tuples layer spec in another file's config (every entry stays), and an
#   F.normalize of the IMU input only (the grad is w.r.t. the parameters; the input restriction is not carried
#   through functional_call into another file's model; gone in session 34: functional_call with only the weights
#   differentiated, "@*").
# - heldout47: the tapestry EBM's pad table is keyed by `args.pad_mode`, an argparse default of another file
#   (config.py's parser): every entry stayed (ReplicationPad2d) until session 29 read a function returning the parsed
#   command line as its options' defaults (grad_dicts.argparse_entries).
# - heldout48 (session 24, 0.71 -> 1.00): a mixin's member set by a subclass in another file, a registry storing a
#   `functools.wraps` wrapper, a table built by a dict comprehension over classes keyed by their `name` attribute,
#   parametrisations taken as the module they wrap, an argparse default deciding the branch binding the objective.
# - heldout56 (session 30: training logic in callbacks, mixins, hooks, event buses, decorator-registered loss terms,
#   torch.func inside them) was measured blind on the session's code before its commit (4666e64 + the set-55 round):
#   recall 0.474 (9/19), precision 0.450 (11 FP), 2/3 look-alikes flagged, 1/9 second-order files silent (the bonded
#   warehouse package: `jacrev` in a callback whose loss another file's Trainer backpropagates). Committed as
#   measured, untuned: its FPs are KNOWN_FPS, its two flagged look-alikes below; the next session's work.
#   Session 31: 0.684 (13/19), 0.565 (a hook's `module.critic` / `trainer.model` taken as the one class of the file
#   holding that attribute; `if ... or self.weight <= 0: return` over the site with the weight a dataclass default
#   of 0.0; `jacrev(partial(f, s=k), argnums=1)` through `functional_call(model, p, (x, w))` only from x).
# - heldout57 (session 31: project structure, sub-packages with relative imports, `__init__` re-exports, from_config
#   classmethods, a Hydra-style instantiate, properties, partial builders) was measured blind on the session's code
#   before its commit: recall 0.545 (12/22), precision 0.667 (6 FP), 2/3 look-alikes flagged, 1/9 silent (a
#   `jacrev(grad(...))` score-matching trace). After `cls(...)` in a classmethod called in the file bound `__init__`:
#   0.636 (14/22), 0.70. Committed untuned otherwise: its FPs are KNOWN_FPS, its flagged look-alikes below.
#   Session 32: 1.00 (22/22), 1.00 (`jacrev(score_fn)` with score_fn a factory's closure returning a grad; an instance
#   of the class `T[CFG["k"]](...)` picks, called; a `_target_` string naming a project class; a module-level partial
#   of a factory summarised with its arguments bound; a method of a class named only in table entries no read picks
#   never runs; `cls(act=cfg["model"].get("act", ...))` in a classmethod read in the dict another file's
#   `Net.from_config(CFG)` passes).
# - heldout58 (session 32: wrappers and training-loop machinery, DataParallel / a hand-written DDP-style wrapper,
#   checkpointing, autocast + GradScaler, torch.compile, EMA / AveragedModel copies, forward (pre-)hooks, weight /
#   spectral norm parametrisations, LBFGS closures) was measured blind on 33d425c: recall 0.895 (17/19), precision
#   0.944 (1 FP), 0/3 look-alikes flagged, 1/9 silent (hooks registered on the model by another file's installer).
#   After the round: 1.00 / 1.00 (a module-level function's hooks on a parameter, followed from the file handing it
#   the model; each value of a name bound twice, `model = torch.compile(model)`, from the slots it is called with).
# - heldout59 (session 32: object-oriented research code, abstract trainers with template methods, `super().forward`
#   chains across files, dataclass modules built in `__post_init__`, decorator factories, context managers, loss
#   objects combined by `__add__`, mixins) was measured blind on d0bf815: recall 0.682 (15/22), precision 0.789
#   (4 FP), 1/3 look-alikes flagged, 0/9 silent. After the round: 0.818 / 0.857 (a decorator factory's wrapper
#   calling the decorated loss; `super().forward` of another file's base; `s = self.spec` a dataclass field keying a
#   table, the argparse default a call passes recorded as that string). Session 33: 0.909 / 0.909 (the marimba
#   trainer built from another file's decorator registry, `TRAINERS[args.trainer](model)`: the classes' table entries
#   bind the base's `__init__` parameter, and an entry no call picks never runs). Left: the glaze look-alike's
#   create_graph a class attribute a context manager toggles, the salt pan's mixin classmethod called through a
#   loss object's `__add__` composition (MS302).
# - heldout60 (session 33: code in 2018-2021 PyTorch idioms, Variable, `.data`, DataParallel `init_net`, apex amp,
#   option classes, manual-weight MAML over OrderedDicts) was measured blind on ff9a834: recall 0.889 (16/18),
#   precision 0.727 (6 FP), 1/3 look-alikes flagged, 0/9 silent. After the round: 1.00 / 0.90 (`forward(x,
#   weights=None)` bound to the call that decides its `is None` test; a loop's `g.data` of each gradient; a parameter
#   rebound to `DataParallel(net)`; apex `amp.initialize` handing back its models). Left: an op on the data before any
#   weight (phonograph's avg_pool1d), an option class's argparse default deciding the critic's norm (cadastral; its
#   InstanceNorm2d is not judged on CPU since session 41: its only counterpart runs on GPU, MS105).
# - heldout61 (session 33: functional style, closures, `compose` / `functools.reduce`, function objects in specs,
#   torch.func builders) was measured blind on ff9a834: recall 0.526 (10/19), precision 0.714 (4 FP), 2/3 look-alikes
#   with MS3xx (one MS302 only), 3/9 silent. After the round: 0.842 / 0.80 (`partial(torch.autograd.functional.
#   jacobian, create_graph=True)`; a combinator's result calls the transforms and layers it composes). Left: the
#   enzyme MAML's inner `grad` reached through an `adapt` closure passed to a step builder and `map(partial(...))`
#   (silent), the KKT package's F.pad, the Levenberg-Marquardt look-alike (a jacrev of residuals never
#   differentiated again), three single FPs. Session 34: 0.947 / 0.947 (a closure handed to a step builder and
#   `map(partial(task_loss, params), tasks)` reach the inner `grad`; `map(operator.itemgetter(1), spec)`; a lambda
#   `exact_hessian = lambda f: jacfwd(jacrev(f))` called only under a dataclass flag that is False never runs;
#   `functional_call(model, p, (x,))` with only p differentiated puts the layers a forward runs on x before any
#   weight off the path, in a loop over a layer list or an nn.Sequential). Left: the KKT package's
#   `map(FEATURES.__getitem__, features)`, the tendon Hardshrink (an `if` on another file's config dict in
#   `__init__`), the milk look-alike's MS302. Session 35: precision 1.00 (the tendon's `nn.Hardshrink(0.05) if
#   net_cfg["deadband_head"] else nn.Identity()` arms carry a GradOp.when on the flag's bool, "~True,False").
# - heldout62 (session 34: second-order techniques beyond the gradient penalty and MAML, as a physics-ML or robustness
#   lab writes them: Hamiltonian / Lagrangian networks, sliced score matching, FFJORD traces, influence functions and
#   iMAML with conjugate gradient over Hessian-vector products, Jacobian and curvature regularisers; SAM, SGLD and
#   PGD look-alikes) was measured blind on b1612c5 and on 5cb7a93 (the same): recall 0.895 (17/19), precision 0.773
#   (5 FP), 1/3 look-alikes flagged, 1/9 silent. After the round 0.947 / 0.947, 0/3, 0/9: another file's
#   module-level dataclass instance (`CONFIG = EBMConfig()`, read as `cfg = CONFIG; if cfg.gp_weight > 0:`) gives its
#   fields (grad_dicts.construction_entries, grad_guards.import_chain through the alias): the SGLD look-alike's 3 FP;
#   a parameter called as a function (`force_fn(params, x)`) is the transform every call passes (transform_of: the
#   optical-tweezer drift matching was silent); `dict(CONFIG)` is CONFIG (grad_unroll.evaluate: the unselected
#   LargeScoreNet's Hardswish). Left: the influence case's AvgPool1d on the raw input (the weights reach the forward
#   as `self.params`, a filtered comprehension over `model.parameters()` held by another class), the gyro package's
#   `getattr(nn, cfg.act)()` (MS302). Session 35: 1.00 / 1.00 (`self.params` with `self.model = model` beside it is
#   every weight of `self.model`, grad_paths.held_weights, and a call of it or a helper given it runs from the first
#   weight on, part_slots / part_args "@<slot>.*"; a call leaving create_graph at its default False is first order,
#   first_order_call; `argparse.Namespace(**cfg)` of `cfg = dict(DEFAULTS)` changed by `cfg.update(act=ns.act)` gives
#   the copy's entries, grad_dicts.copied_dict).
# - heldout63 (session 35: code exported from Jupyter notebooks, `# In[n]:` cells, globals changed by later cells, a
#   class or helper redefined before training, `if 0:` experiments, a notebook importing its utils.py / models.py) was
#   measured blind on 0b217aa and on 24f3f8a (the same): recall 0.550 (11/20), precision 0.524 (10 FP), 2/3
#   look-alikes flagged, 1/9 silent. After the round 0.95 / 1.00, 0/3, 0/9: a module-level class redefined is the
#   last one (grads.visit_ClassDef); a module-level call runs the def written last before it (lookup_def's `at`),
#   and a helper a later def replaces, whose calls only read its result detached (`.item()`) or that nothing calls,
#   differentiates nothing again (shadowed_unused); `gx = gx.detach()` right after the grad ends its graph
#   (detached_in_place); `act()` / `inner_loss(...)` in a function body, the global rebound by a later cell to
#   another torch class or function: each value (rebound_global, rebound_apis); `crit = F.cross_entropy` then `def
#   crit(...)`: the binding last written (def_over_assign); a helper's argument bound twice in its caller takes the
#   value reaching the call (slice's `pin`); `Net(**cfg)` of a module-level dict of the notebook reads its "config"
#   summary (splat_import). Session 36: 1.00 / 1.00, the barnacle package's nn.PReLU passed as `act_layer` to a
#   class that an unbuilt subclass of its file calls through `super().__init__` (grad_expand.beside_supers), and its
#   sampler's `tolist` no longer on a lift through `hp["n_way"]` beside `hp["inner_lr"]` (grad_dicts.literal_read).
# - heldout64 (session 36: experiment configuration living outside the code: YAML / JSON / INI / TOML files beside the
#   code and embedded strings, hydra-like `_target_` with a local instantiate, mmcv-style registries and python configs
#   run with runpy, `_base_` inheritance, environment variables with defaults) was measured blind on e778b3a and on
#   fce63a1 (the same): recall 0.545 (12/22), precision 0.50 (12 FP), 3/3 look-alikes flagged, 0/9 silent. After the
#   round 0.545 / 0.63, 2/3: an environment read's default is what runs with the variable unset
#   (grad_unroll.env_default, through `.lower()`, `int(...)`, module constants across files), and a call of a
#   one-return helper of the file is its value (`env_flag("FIRST_ORDER", "1")`, grad_values.returned_value). Session 37:
#   0.545 / 0.75, 1/3: the project's config files are read (ms_scan.config_files: the ones the code names, with their
#   `_base_` files; a field no code fixes takes the values they give its key), so the tidal TOML's padding_mode and the
#   hop kiln INI's activation pick their entries and the Dst YAML's `create_graph: false` is first order. Left, its
#   FPs above and its FNs: a YAML string merged per experiment, a local mmcv Registry / `build_from_cfg` over a config
#   file's `type` keys and runpy configs, hydra `_target_` in a YAML file and in an embedded string.
# - heldout65 (session 38: several networks or training stages of which only some lie on the second-order path: GANs
#   with generator and discriminator in separate files and an EMA copy, a frozen distillation teacher, actor-critic
#   with a penalised discriminator, mean teacher, hypernetworks and learned optimisers reached once, pretrain /
#   finetune stages, a latent EBM over a detached VAE) was measured blind on febefce: recall 1.00 (19/19), precision
#   0.95 (1 FP), 0/3 look-alikes flagged, 0/9 silent. The FP: the CycleGAN's Giemsa critic, handed to `critic_step`
#   whose `r1(critic, real) if R1_ON[domain] else ...` is false for the "giemsa" it passes; a parameter's callers are
#   now followed only where the guards over the argument they reach the site through can hold under each call
#   (grad_expand.skipped_calls): 1.00 / 1.00.
# - heldout66 (session 39; Python language features: match / case, walrus, generator and coroutine training loops,
#   context managers, properties and descriptors, `__getattr__` delegation, *args / **kwargs forwarding, nested
#   unpacking, Protocol / Generic / dataclass factories, enums) was measured blind on 2cb78a7 at recall 0.55 (11/20),
#   precision 0.58 (8 FP), 2/3 look-alikes flagged, 1/9 silent. Its first round: a `match` statement's cases read as
#   an if/elif chain (grad_unroll.case_tests: the factory's case each construction's literal picks), a nested
#   unpacking `gen, (critic, ema) = build(cfg)` (expand_nested_unpacked) and a `@cached_property` create_graph flag
#   over a dataclass default (literal_values): 0.55 / 0.85, 1/3 (an MS302). Its second round (session 40): enum
#   members (grad_enums: `cfg.act.build()` runs that member's `self.value()`), descriptor classes of the file
#   (`features = LazySubmodule(lambda self: ...)`), a project Protocol annotation followed through the callers too,
#   `match` captures and `a, b = out` as the subject's items, an optimiser handed down as a parameter
#   (method_calls), `*args` / `**kwargs` forwards sliced by their named parameters (live_params) and plain-data
#   attributes read before any weight (part_calls): 1.00 / 1.00, 1/3 (the same MS302).
# - heldout67 (session 40; torch module machinery and model surgery: forward hooks and pre-hooks, parametrizations,
#   checkpoint, `apply`, recursive layer replacement, add_module, ModuleDict, OrderedDict Sequentials, deepcopy,
#   load_state_dict into a sibling class, stack_module_state) was measured blind on f0b9e83 at recall 0.65 (13/20),
#   precision 0.62 (8 FP), 1/3 look-alikes flagged (6 FPs on one), 1/9 silent. Its first round: hooks a helper
#   attaches over `named_modules()` (not those whose handle is removed, nor under an `if` that is false), a member's
#   hook through `getattr(self, f"conv{i}")`, `net.out_act = nn.Identity()` after construction replacing the member,
#   an input gradient detached after arithmetic (result_only_detached), a bool dataclass default deciding a `when`:
#   0.75 / 0.94, 0/3, 1/9. Its second round (session 41): a ModuleDict filled in a `for k, row in D.items()` loop
#   read under the key the penalised call passes (the forward bound to that call), `vmap` and tuple elements not
#   counted as binding hops (hnn), a `register_parametrization` forward on the path of sites that differentiate
#   weights, module surgery (`setattr` over `named_children()`, through `model.apply(factory(...))` of another
#   file, on a deepcopy, `RULES.get(type(child))`): 1.00 / 1.00, 0/3, 0/9.
# - heldout68 (session 41; autograd mechanics: custom autograd Functions with and without once_differentiable, a
#   backward recomputing its forward, gradient reversal, straight-through estimators, checkpoint, tensor hooks,
#   enable_grad / no_grad / inference_mode, requires_grad_ toggles, grad_outputs and is_grads_batched, torch.func
#   vjp / jvp / linearize) was measured blind on 715ab3f at recall 1.00 (19/19), precision 0.79 (5 FP), 1/3
#   look-alikes flagged (3 FPs on one), 0/9 silent. Its first round: a create_graph a caller gives from a config
#   dataclass's field (its constructions' values), no MS301 for an API whose counterpart does not run on the target
#   (MS105 says so), torch-free files' plain classes in the class index (a config built there is no module), calls
#   a function's returns read only through a graph cut (a straight-through `x + (q - x).detach()`) not on its path:
#   1.00 / 1.00, 0/3, 0/9.
# - heldout69 (session 42; conditional computation: lazy regularisation every N steps, curriculum phases from the
#   epoch, stochastic depth / LayerDrop, early exits, top-k mixture-of-experts routing, multi-mode forwards, warm-up
#   steps with the penalty off, step-scheduled activations, MAML++ derivative-order annealing) was measured blind on
#   the session's code (1555313 + stored torch.func terms) at recall 0.905 (19/21), precision 0.594 (13 FP), 2/3
#   look-alikes flagged, 0/9 silent. Its round: an argparse default read through a `parse_args()` helper decides a
#   guard (`if args.pl_weight > 0 and ...`), `fake, ws = G(z)` of another file's generator sliced between its
#   returned elements ("instance:^i>k"): 0.905 / 0.633, 2/3. Left (KNOWN_FPS): a phase or start step beyond the
#   run's length (epoch / step ranges), the last element of a list a forward appends in a loop (`model(x)[-1]`),
#   a registry phase list built under a zero weight, a warm-up-only activation, an op before the inner grad's
#   variable in another file's class (`self.G` bound from another file: organ pipe's pad and upsample, MS302).
#   Session 43: `self.G` stored from a constructor other files call, sliced between the returned elements; a branch
#   `elif self.up_mode == "nearest_blur"` decided by another file's config (GradOp.when); a weight-only op (the
#   expert embeddings' normalize) off an input penalty across files: 1.00 / 0.677, 2/3.
# - heldout70 (session 43; hand-written layers from raw tensor operations: Tensor methods, `@`, einsum, unfold
#   convolutions, in-place index_add_, hand-written norms and attention, torch.fft) was measured blind on 51b2dd1
#   plus the live slots of a guessed parameter's other callers at recall 1.00 (18/18), precision 0.818 (4 FP), 0/3
#   look-alikes flagged, 0/9 silent. Its round: no MS301 for `torch.einsum` on CPU (ops.einsum, the legacy
#   spelling a CPU port would fall back to, has no CPU kernel in the 2.10 probe: MS105 says so): 1.00 / 0.90. Its
#   two FPs are rfft / irfft, whose double gradient a 2.10 CPU run shows failing (FFTShapeCopy / IRFFTDouble have
#   no bprop): the labels follow the data files, which have no primitive rows for them.
# - heldout71 (session 43; the boundary between the data pipeline and the differentiated network: dataset
#   transforms, collate functions, GPU augmentation modules, DiffAugment inside the discriminator call, mixup before
#   or after requires_grad_, no_grad feature extractors, stft / unfold front-ends in the loader or the model) was
#   measured blind on 6de8245 plus a lifted helper's own ops on its caller's values at recall 1.00 (20/20),
#   precision 0.80 (5 FP), 1/3 look-alikes flagged, 0/9 silent. Its round: each entry of a table of functions
#   called with the same live slots (DiffAugment's `for fn in AUGMENT[p]: x = fn(x)`), buffers not weights in a
#   forward's part from its weights (`(img - self.mean) / self.std` before a blur), a guard on a field of the
#   dataclass `main(cfg=TrainCfg())` takes by default: 1.00 / 1.00, 0/3, 0/9.
# - heldout72 (session 44; sequence, sparse and structured-data models: GRU / LSTM taggers and language models,
#   packed sequences, hand-written LSTM cells, EmbeddingBag, GNN message passing through sparse.mm / index_add_ /
#   scatter_reduce, padding masks and collate functions) was measured blind on dda1b7f plus session 44's mmcv-style
#   registry work (written before the set was seen) at recall 1.00 (22/22), precision 0.846 (4 FP), 1/3 look-alikes
#   flagged, 0/9 silent. Its round: a config text given to a function of the file named for the format
#   (`parse_flow_yaml(EXPERIMENT)`), flow-style YAML through PyYAML's safe loader: 1.00 / 1.00, 0/3, 0/9.
# - heldout73 (session 45; torchvision models on the path: builders, `get_model`, `getattr(models, arch)`, model
#   classes built directly, parts replaced or cut by `children()` / `features[:k]` slices) was measured blind on
#   bb97855 plus session 45's torchvision zoo (mappings/zoo/, extract/grad_zoo.py; written before the set was seen)
#   at recall 0.762 (16/21), precision 1.00, 0/3 look-alikes flagged, 0/9 silent (bb97855 alone: 0.429). Its round:
#   a replaced part followed when the differentiated weights are the replacement's (`model.classifier.parameters()`),
#   model classes (`DenseNet(growth_rate=...)`): 0.952 / 1.00, 0/3, 0/9. Session 46: `getattr(models, cfg.arch)`
#   with cfg a SimpleNamespace built from another file's presets (`base.update(PRESETS[preset])`, the preset each
#   call passes): 1.00 / 1.00.
# - heldout74 (session 46; Python-side config plumbing: presets patched onto SimpleNamespace defaults,
#   `dataclasses.replace`, argparse `set_defaults`, ChainMap profiles, `{**base, **override}` merges in another file,
#   JSON / INI texts, class-attribute overrides) was measured blind on 1936c19 at recall 0.722 (13/18), precision
#   0.591 (9 FP), 3/3 look-alikes flagged, 0/9 silent (c8b2811: 0.722 / 0.565). Its round evaluates those forms
#   (`replace(Cfg(), **T[k])`, `ChainMap(...)` and dict comprehensions, a zero-argument function of another file
#   returning a merge, `vars(ns).update(T[k])`, `set_defaults`, if-return runs, a helper returning its merged
#   argument, a dataclass field holding a factory): 1.00 / 1.00, 0/3, 0/9.
# - heldout75 (session 47; training-infrastructure wrappers: autocast / GradScaler, DDP guards and `unwrap_model`,
#   checkpointed blocks, torch.compile / jit.script, EMA copies, forward hooks recording activations, weight and
#   spectral norm, an Accelerate-like `prepare`, `functools.wraps` decorators, gradient accumulation) was measured
#   blind on f037070 at recall 0.857 (18/21), precision 0.750 (6 FP), 1/3 look-alikes flagged, 0/9 silent. Its round:
#   a grad input a forward hook keeps (the forward from that submodule's output on), `prepare` / `setup` handing
#   back what they are given, another file's function returning its parameter read per call, guards over a nested
#   def (a decorator factory returning the function undecorated): 1.00 / 1.00, 0/3, 0/9.
# - heldout76 (session 47; scientific ML: eikonal SDFs, sliced score matching, Hamiltonian / Lagrangian networks,
#   EBMs with Langevin samples, CNFs with exact divergences, Stein discrepancy, Sobolev training, SIREN) was measured
#   blind on f037070 at recall 1.00 (19/19), precision 0.633 (11 FP), 3/3 look-alikes flagged, 0/9 silent. Its
#   round: a gradient returned to callers that only detach it, a create_graph=True call in a function run only in a
#   branch not taken, `jacrev(module, argnums=1)` sliced from that argument: 1.00 / 1.00, 0/3, 0/9. Set 54's
#   Grad-CAM tap (the hook, and a builder's `layer, c = BUILDERS[kind](c, a)` per call) went 0.833 -> 0.944.
# - heldout77 (session 48; reinforcement learning and control: TRPO / NPG Fisher-vector products, GAIL / AIRL
#   discriminator penalties, an offline-RL critic's action-gradient penalty, LOLA-DiCE look-ahead, MAML-RL with
#   functional_call, a dynamics model's Jacobian regulariser, DrQ pixel-critic penalties) was measured blind on
#   57ceb28 at recall 1.00 (20/20), precision 0.870 (3 FP), 1/3 look-alikes flagged, 0/9 silent; unchanged by
#   session 48's round (its FPs are KNOWN_FPS, its flagged look-alike below).
# - heldout78 (session 48; Hugging Face-style vendored modeling code: `ACT2FN = ClassInstantier(ACT2CLS)` with
#   `(cls, kwargs)` entries, config classes, `post_init`, output dataclasses; penalties on `inputs_embeds`, Hutchinson
#   traces and LiSSA influence over head parameters, MAML of a text classifier, an ELECTRA R1) was measured blind on
#   57ceb28 at recall 0.667 (12/18), precision 0.857 (2 FP), 1/3 look-alikes flagged, 1/9 silent. Its round: the
#   instantiating table and its pairs, helper methods and config fields off a head-only part, a method named for
#   the weights it returns, an HVP helper differentiating the gradient again inside: 1.00 (18/18) / 0.783, 1/3, 0/9.
#   The same round's wrapper fix (a `Replica(module)` alone in its file; the parts "@head" through it) took set 17
#   to 1.00.
#   Session 49's round (below) took set 77 to 1.00 / 1.00, 0/3 and set 78 to 1.00 / 0.857, 0/3.
# - heldout79 (session 49; OpenMMLab / Lightning-style framework code: Registry classes with `register_module`
#   decorators and calls, models and losses built from config dicts with type strings, `_base_` merges with
#   `_delete_`, LightningModule-like `training_step` driven by a small Trainer, callbacks and hooks) was measured
#   blind on 04cc595 at recall 0.474 (9/19), precision 0.643 (5 FP), 2/3 look-alikes flagged, 1/9 silent. Its
#   round: an instance a registry builds from a config (`criterion = LOSSES.build(cfg["loss"])`, the class the
#   key picks) is called as that class (instance_calls), the build passes the config's other keys to the
#   constructor (`**cfg`, so `act_cfg=dict(type="GELU", approximate="tanh")` reaches the GELU), and
#   `Trainer(...).fit(module, ...)` binds fit's parameters: 0.684 (13/19) / 0.684 (6 FP), 2/3, 1/9. Left: keys
#   handed down through several constructors (`act_cfg` from a registry-built model to a shared LinearModule), `cfg.pop
#   ("type")` / `getattr(nn, cfg.pop("type"))` keys, `_base_` merges across files, callbacks holding the model.
# - heldout80 (session 49; autograd machinery around a double gradient: custom autograd.Functions with
#   differentiable backwards, `@once_differentiable`, non-reentrant checkpointing, `torch.jit.script`, torch.func
#   over parameter dicts, an L-BFGS closure, parametrizations, nested no_grad / enable_grad / set_grad_enabled) was
#   measured blind on 04cc595 at recall 1.00 (19/19), precision 0.905 (2 FP), 0/3 look-alikes flagged, 0/9 silent.
#   Its round: a helper method called as `self._run(block, h)` binds its `fn` parameter to that call's argument
#   (the checkpointed auxiliary head, run through the same helper from a first-order loss only): 1.00 / 1.00.
# - heldout79 after session 50's round (a registry build binds its class's __init__ to that call, and its key picks
#   the class: `act_cfg` handed down through constructors; `cfg.pop("type")` after `cfg = dict(cfg)`; `**cfg["model"]`
#   evaluated): 0.789 (15/19) / 0.882 (2 FP), 2/3, 1/9. Left: `_base_` merged by the project's own merge function,
#   callbacks holding the model (the contractive-Jacobian package), the MAML package's backbone.
# - heldout81 (session 50; audio, speech and time-series models: HiFi-GAN / MelGAN discriminators, WaveNet / TCN,
#   LSTM critics, MAML keyword spotting, a PINN of a damped oscillator) was measured blind on bd42b04 at recall 0.700
#   (14/20), precision 0.933 (1 FP), 0/3 look-alikes flagged, 1/9 silent. Its round: a method of an nn.Module
#   instance bound by tuple unpacking binds its parameters, `getattr(nn, cfg["act"])` of another file's dict, a
#   decorator-registered `vmap(jacrev(...))` regulariser called through its table from another file, a dataclass
#   built from `vars(args)`: 1.00 / 1.00, 0/3, 0/9.
# - heldout82 (session 50; bilevel optimisation, unrolled differentiation and gradient matching: DARTS, dataset
#   distillation and condensation, Meta-Weight-Net, learning to reweight, MetaPoison, a learned LSTM optimiser,
#   hyper-parameter gradients) was measured blind on bd42b04 at recall 0.864 (19/22), precision 0.731 (7 FP), 2/3
#   look-alikes flagged, 0/9 silent. Its round: a comprehension's loop target is no live read of a gradient, and a
#   value assigned or returned under no_grad is no source of a torch.func path: 0.864 / 1.00, 0/3, 0/9. Left: the
#   condensation package's `syn_gradients(net, params, ...)`, `params` being `list(net.parameters())` in the caller.
# - heldout64 (config outside the code) after session 44's registry work (`ACTS.register_module("SELU",
#   module=nn.SELU)`, `build_from_cfg(act_cfg, ACTS)` with the YAML's `_base_` / `_delete_` merge naming the type):
#   0.727 / 0.80 (was 0.545 / 0.75).
KNOWN_FLAGGED_FIRST_ORDER: dict[str, set[str]] = {"second_order_heldout26": {_HERBARIUM},
                                                  "second_order_heldout49": {_AWR},
                                                  "second_order_heldout56": {f"{_STAY_CABLE}/", _CRICKET},
                                                  "second_order_heldout57": {f"{_STAMP}/"},
                                                  "second_order_heldout59": {_GLAZE},
                                                  "second_order_heldout61": {f"{_MILK}/"},
                                                  "second_order_heldout64": {_FUMAROLE},
                                                  "second_order_heldout66": {_YODEL},
                                                  "second_order_heldout69": {_WINGSUIT, _DYE},
                                                  "second_order_heldout79": {_FOMAML79, f"{_YURT79}/"}}


@pytest.fixture(scope="module", params=sorted(RECALL_FLOORS))
def later_set(request):
    folder = MEASURE.parent.parent / request.param
    return folder, _load_measure().measure(folder)


def test_later_heldout_sets_keep_precision_and_recall(later_set):
    folder, res = later_set
    fps = {f"{r['file']}:{op['line']} {op['api']}" for r in res["files"] for op in r["fp_ops"]}
    assert res["recall"] >= RECALL_FLOORS[folder.name], \
        f"{folder.name}: recall {res['recall']:.3f}; missed: {_fn_summary(res)}"
    assert fps == KNOWN_FPS.get(folder.name, set()), f"{folder.name}: unexpected MS301: {'; '.join(sorted(fps))}"
    bad = {r["file"] for r in res["files"] if not r["second_order"] and r["ms3_count"]}
    assert bad == KNOWN_FLAGGED_FIRST_ORDER.get(folder.name, set()), \
        f"{folder.name}: first-order files with MS3xx findings: {sorted(bad)}"
    labelled = sum(len(json.loads(measure_expected.read_text())["flagged_ops"])
                   for measure_expected in [*folder.glob("*.expected.json"), *folder.glob("*/expected.json")])
    assert res["tp"] + res["fn"] == labelled and res["first_order_files"] > 0

