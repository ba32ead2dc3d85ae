"""Registry spot checks against the real MindSpore 2.10 on CPU (run in a child process).

A double gradient the registry calls unsupported must fail naming the missing grad primitive;
one it calls supported must match central finite differences of MindSpore's own first-order gradient.
"""
import json
import os
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip('mindspore')
BPROP = os.path.join(os.path.dirname(__file__), '..', '..', 'mappings', 'bprop')

SCRIPT = textwrap.dedent('''
    import json, sys
    import numpy as np
    import mindspore as ms
    from mindspore import ops
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_device('CPU')
    OPS = {'Tanh': ops.Tanh(), 'Sigmoid': ops.Sigmoid(), 'LogSoftmax': ops.LogSoftmax(-1),
           'AvgPool': ops.AvgPool(kernel_size=2, strides=2),
           # ops.split's two forms (api_primitives.csv): a list of section sizes runs StridedSlice, an int size that
           # does not divide the axis (3 of 4) runs Slice too
           'split sections': lambda x: ops.split(x, [1, 3], -1)[1], 'split int': lambda x: ops.split(x, 3, -1)[1]}
    SHAPE = {'AvgPool': (1, 2, 4, 4)}
    out = {}
    for name, op in OPS.items():
        x0 = np.random.RandomState(0).randn(*SHAPE.get(name, (3, 4))).astype(np.float32) * 0.8
        def L(x):
            return ops.tanh(op(x) + 0.3).sum()
        g1 = ms.grad(L)
        def GP(x):
            g = g1(x)
            return (g * g).sum()
        try:
            got = ms.grad(GP)(ms.Tensor(x0)).asnumpy()
        except Exception as e:
            out[name] = {'error': str(e).splitlines()[0]}
            continue
        h, fd = 1e-2, np.zeros_like(x0)
        for i in range(x0.size):
            e = np.zeros(x0.size, np.float32); e[i] = h; e = e.reshape(x0.shape)
            fd.flat[i] = (GP(ms.Tensor(x0 + e)).asnumpy() - GP(ms.Tensor(x0 - e)).asnumpy()) / (2 * h)
        out[name] = {'max_abs_diff': float(np.max(np.abs(got - fd))), 'scale': float(np.max(np.abs(fd)))}
    print('RESULT ' + json.dumps(out))
''')


@pytest.fixture(scope='module')
def results(tmp_path_factory):
    # scratch cwd: MindSpore writes rank_0/ and analyze_fail.ir files into the working directory
    r = subprocess.run([sys.executable, '-c', SCRIPT], capture_output=True, text=True, timeout=600,
                       env=dict(os.environ, GLOG_v='3'), cwd=tmp_path_factory.mktemp('ms_cwd'))
    line = [ln for ln in r.stdout.splitlines() if ln.startswith('RESULT ')]
    assert line, r.stderr[-2000:]
    return json.loads(line[0][len('RESULT '):])


@pytest.fixture(scope='module')
def reg():
    with open(os.path.join(BPROP, '2.10', 'bprop_registry.json')) as f:
        return json.load(f)['primitives']


@pytest.mark.parametrize('prim', ['LogSoftmax', 'AvgPool'])
def test_predicted_failure_fails(results, reg, prim):
    assert reg[prim]['second_order'] is False
    missing = reg[prim]['missing'][0]
    assert 'error' in results[prim]
    assert f"{missing}'s bprop not defined" in results[prim]['error']


@pytest.mark.parametrize('prim', ['Tanh', 'Sigmoid'])
def test_predicted_support_matches_finite_differences(results, reg, prim):
    assert reg[prim]['second_order'] is True
    r = results[prim]
    assert 'error' not in r, r
    assert r['max_abs_diff'] <= 2e-2 * max(1.0, r['scale']), r


def _api_rows(ms_api):
    import csv
    with open(os.path.join(BPROP, '2.10', 'api_primitives.csv'), newline='') as f:
        rows = [r for r in csv.DictReader(f) if r['ms_api'] == ms_api]
    out = {}
    for r in rows:
        out.setdefault(r['args_condition'].split('=', 1)[1].split(',')[0].split()[0], []).append(r['primitive'])
    return out


def test_split_forms_follow_their_primitives(results, reg):
    """The table's two rows for ops.split, checked at runtime: the list form's primitives all differentiate twice
    (and match finite differences), the int form's Slice does not (SliceGrad)."""
    forms = _api_rows('mindspore.ops.split')
    assert set(forms) == {'int', 'list'}
    assert all(reg[p]['second_order'] for p in forms['list'])
    r = results['split sections']
    assert 'error' not in r, r
    assert r['max_abs_diff'] <= 2e-2 * max(1.0, r['scale']), r
    failing = [p for p in forms['int'] if not reg[p]['second_order']]
    assert failing == ['Slice']
    assert f"{reg['Slice']['missing'][0]}'s bprop not defined" in results['split int']['error']
