"""Sanity checks on the committed, generated registries (mappings/bprop/<release>/bprop_registry.json)."""
import json
import os

import pytest

BPROP = os.path.join(os.path.dirname(__file__), '..', '..', 'mappings', 'bprop')
RELEASES = ['1.7', '1.10', '2.0', '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.10']


def load(release):
    with open(os.path.join(BPROP, release, 'bprop_registry.json')) as f:
        return json.load(f)


@pytest.fixture(scope='module')
def regs():
    return {r: load(r) for r in RELEASES}


def so(regs, release, prim):
    return regs[release]['primitives'][prim]['second_order']


def test_index_lists_every_release(regs):
    with open(os.path.join(BPROP, 'index.json')) as f:
        index = json.load(f)
    assert set(index['releases']) == set(RELEASES)
    for r in RELEASES:
        assert index['releases'][r]['counts'] == regs[r]['counts']
        assert regs[r]['release'] == r


def test_shape_and_determinism(regs):
    for r, doc in regs.items():
        assert doc['registered'] == sorted(doc['registered'])
        assert list(doc['primitives']) == sorted(doc['primitives'])
        for p, e in doc['primitives'].items():
            assert e['emits'] == sorted(e['emits'])
            assert set(e['missing']) <= set(e['emits'])
            assert e['second_order'] in (True, False, None)
            if e['second_order'] is not None:
                assert e['second_order'] == (not e['missing'])
                assert e['evidence'] == 'source' and e['file'] and e['line'] >= 1


def test_strided_slice_gained_second_order_in_1_10(regs):
    assert so(regs, '1.7', 'StridedSlice') is False
    assert regs['1.7']['primitives']['StridedSlice']['missing'] == ['StridedSliceGrad']
    for r in RELEASES[1:]:
        assert so(regs, r, 'StridedSlice') is True, r


def test_conv2d_fails_in_1_7_then_ok(regs):
    assert so(regs, '1.7', 'Conv2D') is False
    for r in RELEASES[1:]:
        assert so(regs, r, 'Conv2D') is True, r


@pytest.mark.parametrize('prim,grad', [('AvgPool', 'AvgPoolGrad'), ('LogSoftmax', 'LogSoftmaxGrad'),
                                       ('GeLU', 'GeLUGrad')])
def test_always_failing(regs, prim, grad):
    for r in RELEASES:
        e = regs[r]['primitives'][prim]
        assert e['second_order'] is False and grad in e['missing'], r


def test_common_ops_ok_everywhere(regs):
    for r in RELEASES:
        for p in ('ReLU', 'Sigmoid', 'Tanh', 'MatMul', 'Concat', 'Transpose', 'Reshape', 'Exp', 'MaxPool'):
            assert so(regs, r, p) is True, (r, p)


def test_v2_0_has_per_mode_view(regs):
    doc = regs['2.0']
    assert set(doc['modes']) == {'pynative', 'graph'}
    assert len(doc['modes']['graph']['expander_list']) > 200
    assert doc['primitives']['ReLU']['modes']['graph']['second_order'] is True


def test_2_10_uses_runtime_and_master_bodies(regs):
    doc = regs['2.10']
    assert doc['source']['bodies']['tag'] == 'master'
    assert doc['counts']['cpp_names'] >= 843
    assert doc['primitives']['Conv2DExt']['missing'] == ['ConvolutionGrad']


def test_api_primitive_links():
    import csv
    path = os.path.join(BPROP, '2.10', 'api_primitives.csv')
    with open(path) as f:
        rows = list(csv.DictReader(f))
    assert rows and set(rows[0]) == {'ms_api', 'args_condition', 'primitive', 'evidence', 'prim_attrs'}
    by = {}
    for r in rows:
        by.setdefault((r['ms_api'], r['args_condition']), set()).add(r['primitive'])
    assert by[('mindspore.nn.GELU', 'approximate=True (default)')] == {'GeLU'}
    assert 'Erf' in by[('mindspore.ops.gelu', "approximate='none' (default)")]
    assert by[('mindspore.nn.AvgPool2d', 'kernel_size=2, stride=2')] == {'AvgPool'}
    assert all(r['evidence'].startswith('graph-ir:') for r in rows if r['primitive'])
    # the functional pool runs a 3-D pool between reshapes, not the AvgPool2D its name suggests
    assert by[('mindspore.ops.avg_pool2d', 'kernel_size=2')] == {'ExpandDims', 'AvgPool3D', 'Squeeze'}
    assert by[('mindspore.mint.nn.Hardswish', '')] == {'HSwish'}


def test_api_primitive_table_matches_its_generator():
    import csv

    from mappings.bprop.api_primitives import APIS
    with open(os.path.join(BPROP, '2.10', 'api_primitives.csv')) as f:
        have = {(r['ms_api'], r['args_condition']) for r in csv.DictReader(f)}
    assert have == {(api, cond) for api, cond, _expr, _shapes in APIS}


def test_probe_agrees_with_registry_on_failures():
    with open(os.path.join(BPROP, '2.10', 'probe.json')) as f:
        probe = json.load(f)
    for case in probe['cases']:
        if case['predicted']['second_order'] is False:
            for mode, res in case['modes'].items():
                if res['outcome'] == 'fails' and res.get('error_kind') == 'bprop-missing':
                    assert res['missing'] in case['predicted']['missing'], (case['id'], mode)


def test_2_10_registry_is_the_runtime_one(regs):
    doc = regs['2.10']
    assert doc['source']['cpp_registry'].startswith('runtime shim')
    assert doc['counts']['cpp_names'] == 870 and doc['counts']['py_keys'] == 177
    assert doc['master_only_cpp_names'] == ['Conv1DPadding', 'EmbeddingTableFindAndInit', 'FakeRemoteLookupUniqued']
    # registered in the wheel but no body in master: verdict unknown, not guessed
    assert doc['primitives']['ClampMin']['second_order'] is None
    assert doc['primitives']['ClampMin']['evidence'] == 'registered-only'
