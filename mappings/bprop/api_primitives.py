"""Link common MindSpore APIs to the primitives they reach, read from GRAPH_MODE IR dumps.

    python -m mappings.bprop.api_primitives [--jobs 2] [--out mappings/bprop/2.10/api_primitives.csv]

Each API call is compiled with ``mindspore.jit`` in GRAPH_MODE on CPU with MS_DEV_SAVE_GRAPHS=1 in its
own child process; the primitives are the CNode operators of the first IR after inlining
(``*add_attr*``). Compilation happens in the front end, so APIs without a CPU kernel still yield
their primitives. Structural nodes (MakeTuple, Depend, Return, ...) are dropped.
Columns: ms_api, args_condition, primitive, evidence (one row per primitive).
"""
from __future__ import annotations

import argparse
import csv
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

X2 = '(3, 5)'
X3 = '(2, 3, 8)'
X4 = '(2, 3, 4, 4)'
# (ms_api, args_condition, python expression of a function of the listed inputs, input shapes)
APIS = [
    ('mindspore.ops.gelu', "approximate='none' (default)", "lambda x: ops.gelu(x)", [X2]),
    ('mindspore.ops.gelu', "approximate='tanh'", "lambda x: ops.gelu(x, approximate='tanh')", [X2]),
    ('mindspore.nn.GELU', 'approximate=True (default)', 'nn.GELU()', [X2]),
    ('mindspore.nn.GELU', 'approximate=False', 'nn.GELU(approximate=False)', [X2]),
    ('mindspore.nn.LogSoftmax', 'axis=-1', 'nn.LogSoftmax()', [X2]),
    ('mindspore.ops.log_softmax', 'axis=-1', 'lambda x: ops.log_softmax(x, -1)', [X2]),
    ('mindspore.nn.Softmax', 'axis=-1', 'nn.Softmax()', [X2]),
    ('mindspore.ops.softmax', 'axis=-1', 'lambda x: ops.softmax(x, -1)', [X2]),
    ('mindspore.nn.ReLU', '', 'nn.ReLU()', [X2]),
    ('mindspore.ops.relu', '', 'ops.relu', [X2]),
    ('mindspore.nn.Sigmoid', '', 'nn.Sigmoid()', [X2]),
    ('mindspore.nn.Tanh', '', 'nn.Tanh()', [X2]),
    ('mindspore.nn.ELU', '', 'nn.ELU()', [X2]),
    ('mindspore.nn.SiLU', '', 'nn.SiLU()', [X2]),
    ('mindspore.ops.silu', '', 'ops.silu', [X2]),
    ('mindspore.nn.LeakyReLU', 'alpha=0.2', 'nn.LeakyReLU(0.2)', [X2]),
    ('mindspore.ops.leaky_relu', 'alpha=0.2', 'lambda x: ops.leaky_relu(x, 0.2)', [X2]),
    ('mindspore.nn.Conv2d', "pad_mode='same' (default)", 'nn.Conv2d(3, 2, 3)', [X4]),
    ('mindspore.nn.Dense', 'has_bias=True', 'nn.Dense(5, 2)', [X2]),
    ('mindspore.ops.dense', 'bias given', 'lambda x, w, b: ops.dense(x, w, b)', [X2, '(2, 5)', '(2,)']),
    ('mindspore.nn.BatchNorm2d', 'training', 'nn.BatchNorm2d(3).set_train(True)', [X4]),
    ('mindspore.nn.LayerNorm', 'normalized_shape=(5,)', 'nn.LayerNorm((5,))', [X2]),
    ('mindspore.nn.AvgPool2d', 'kernel_size=2, stride=2', 'nn.AvgPool2d(2, 2)', [X4]),
    ('mindspore.nn.MaxPool2d', 'kernel_size=2, stride=2', 'nn.MaxPool2d(2, 2)', [X4]),
    ('mindspore.ops.AdaptiveAvgPool2D', 'output_size=(2, 2)', 'ops.AdaptiveAvgPool2D((2, 2))', [X4]),
    ('mindspore.nn.AdaptiveAvgPool2d', 'output_size=(2, 2)', 'nn.AdaptiveAvgPool2d((2, 2))', [X4]),
    ('mindspore.ops.adaptive_avg_pool2d', 'output_size=(2, 2)', 'lambda x: ops.adaptive_avg_pool2d(x, (2, 2))', [X4]),
    ('mindspore.nn.Dropout', 'p=0.5, training', 'nn.Dropout(p=0.5).set_train(True)', [X2]),
    ('mindspore.ops.dropout', 'p=0.5, training=True', 'lambda x: ops.dropout(x, p=0.5, training=True)', [X2]),
    ('mindspore.ops.interpolate', "mode='bilinear', align_corners=True",
     "lambda x: ops.interpolate(x, size=(6, 6), mode='bilinear', align_corners=True)", [X4]),
    ('mindspore.ops.interpolate', "mode='nearest'", "lambda x: ops.interpolate(x, size=(8, 8), mode='nearest')", [X4]),
    ('mindspore.ops.matmul', '2-D', 'ops.matmul', [X2, '(5, 4)']),
    ('mindspore.ops.mean', 'axis=1', 'lambda x: ops.mean(x, 1)', [X2]),
    ('mindspore.ops.sum', 'dim=1', 'lambda x: ops.sum(x, 1)', [X2]),
    ('mindspore.Tensor.sum', 'axis=1', 'lambda x: x.sum(1)', [X2]),
    ('mindspore.Tensor.mean', 'axis=1', 'lambda x: x.mean(1)', [X2]),
    ('mindspore.ops.amax', 'axis=1', 'lambda x: ops.amax(x, 1)', [X2]),
    ('mindspore.Tensor.__getitem__', 'x[1:3]', 'lambda x: x[1:3]', [X2]),
    ('mindspore.ops.gather', 'axis=0', 'lambda x: ops.gather(x, T(np.array([0, 2], np.int32)), 0)', [X2]),
    ('mindspore.ops.gather_elements', 'dim=1',
     'lambda x: ops.gather_elements(x, 1, T(np.zeros((3, 2), np.int32)))', [X2]),
    ('mindspore.ops.sort', '', 'lambda x: ops.sort(x)[0]', [X2]),
    ('mindspore.ops.topk', 'k=2', 'lambda x: ops.topk(x, 2)[0]', [X2]),
    ('mindspore.ops.cumsum', 'axis=1', 'lambda x: ops.cumsum(x, 1)', [X2]),
    ('mindspore.ops.where', '', 'lambda x: ops.where(x > 0, x, 0.0 * x)', [X2]),
    ('mindspore.ops.cat', 'axis=1', 'lambda x: ops.cat((x, x), 1)', [X2]),
    ('mindspore.ops.transpose', '', 'lambda x: ops.transpose(x, (1, 0))', [X2]),
    ('mindspore.ops.reshape', '', 'lambda x: ops.reshape(x, (5, 3))', [X2]),
    ('mindspore.ops.exp', '', 'ops.exp', [X2]),
    ('mindspore.ops.log', '', 'ops.log', [X2]),
    ('mindspore.ops.sqrt', '', 'ops.sqrt', [X2]),
    ('mindspore.ops.pow', 'exponent=3.0', 'lambda x: ops.pow(x, 3.0)', [X2]),
    ('mindspore.ops.erf', '', 'ops.erf', [X2]),
    ('mindspore.ops.mse_loss', '', 'ops.mse_loss', [X2, X2]),
    ('mindspore.ops.cross_entropy', 'class indices',
     'lambda x: ops.cross_entropy(x, T(np.array([0, 1, 4], np.int32)))', [X2]),
    ('mindspore.ops.binary_cross_entropy_with_logits', 'weight/pos_weight ones',
     'lambda x, y: ops.binary_cross_entropy_with_logits(x, y, T(np.ones((3, 5), np.float32)), '
     'T(np.ones((3, 5), np.float32)))', [X2, X2]),
    ('mindspore.mint.nn.functional.relu', '', 'mint.nn.functional.relu', [X2]),
    ('mindspore.mint.nn.functional.gelu', "approximate='none'", 'mint.nn.functional.gelu', [X2]),
    ('mindspore.mint.nn.functional.silu', '', 'mint.nn.functional.silu', [X2]),
    ('mindspore.mint.nn.functional.leaky_relu', 'negative_slope=0.2',
     'lambda x: mint.nn.functional.leaky_relu(x, 0.2)', [X2]),
    ('mindspore.mint.nn.functional.elu', '', 'mint.nn.functional.elu', [X2]),
    ('mindspore.mint.nn.functional.softmax', 'dim=-1', 'lambda x: mint.nn.functional.softmax(x, dim=-1)', [X2]),
    ('mindspore.mint.nn.functional.log_softmax', 'dim=-1',
     'lambda x: mint.nn.functional.log_softmax(x, dim=-1)', [X2]),
    ('mindspore.mint.nn.functional.conv2d', '', 'mint.nn.functional.conv2d', [X4, '(2, 3, 3, 3)']),
    ('mindspore.mint.nn.functional.linear', 'bias given', 'mint.nn.functional.linear', [X2, '(2, 5)', '(2,)']),
    ('mindspore.mint.nn.functional.avg_pool2d', 'kernel_size=2', 'lambda x: mint.nn.functional.avg_pool2d(x, 2, 2)',
     [X4]),
    ('mindspore.mint.nn.functional.max_pool2d', 'kernel_size=2', 'lambda x: mint.nn.functional.max_pool2d(x, 2, 2)',
     [X4]),
    ('mindspore.mint.nn.functional.layer_norm', '', 'lambda x: mint.nn.functional.layer_norm(x, (5,))', [X2]),
    ('mindspore.mint.nn.functional.dropout', 'p=0.5, training=True',
     'lambda x: mint.nn.functional.dropout(x, 0.5, True)', [X2]),
    ('mindspore.mint.nn.functional.interpolate', "mode='bilinear', align_corners=True",
     "lambda x: mint.nn.functional.interpolate(x, size=(6, 6), mode='bilinear', align_corners=True)", [X4]),
    ('mindspore.mint.nn.functional.mse_loss', '', 'mint.nn.functional.mse_loss', [X2, X2]),
    ('mindspore.mint.nn.functional.cross_entropy', 'class indices',
     'lambda x: mint.nn.functional.cross_entropy(x, T(np.array([0, 1, 4], np.int64)))', [X2]),
    ('mindspore.mint.matmul', '2-D', 'mint.matmul', [X2, '(5, 4)']),
    ('mindspore.mint.mean', 'dim=1', 'lambda x: mint.mean(x, 1)', [X2]),
    ('mindspore.mint.sum', 'dim=1', 'lambda x: mint.sum(x, 1)', [X2]),
    ('mindspore.mint.gather', 'dim=1', 'lambda x: mint.gather(x, 1, T(np.zeros((3, 2), np.int64)))', [X2]),
    ('mindspore.mint.where', '', 'lambda x: mint.where(x > 0, x, 0.0 * x)', [X2]),
    ('mindspore.mint.cumsum', 'dim=1', 'lambda x: mint.cumsum(x, 1)', [X2]),
    ('mindspore.mint.sort', '', 'lambda x: mint.sort(x)[0]', [X2]),
    ('mindspore.mint.topk', 'k=2', 'lambda x: mint.topk(x, 2)[0]', [X2]),
    ('mindspore.mint.exp', '', 'mint.exp', [X2]),
    ('mindspore.mint.cat', 'dim=1', 'lambda x: mint.cat((x, x), 1)', [X2]),
    # functional pools and activations the torch mapping table points at (issue #5 follow-up): ops.avg_pool2d
    # runs ExpandDims+AvgPool3D+Squeeze, not AvgPool2D as the name suggests
    ('mindspore.ops.avg_pool2d', 'kernel_size=2', 'lambda x: ops.avg_pool2d(x, 2, 2)', [X4]),
    ('mindspore.nn.AvgPool1d', 'kernel_size=2, stride=2', 'nn.AvgPool1d(2, 2)', [X3]),
    ('mindspore.ops.avg_pool1d', 'kernel_size=2', 'lambda x: ops.avg_pool1d(x, 2, 2)', [X3]),
    ('mindspore.ops.hardswish', '', 'ops.hardswish', [X2]),
    ('mindspore.mint.nn.functional.hardswish', '', 'mint.nn.functional.hardswish', [X2]),
    ('mindspore.mint.nn.Hardswish', '', 'mint.nn.Hardswish()', [X2]),
    ('mindspore.nn.HSwish', '', 'nn.HSwish()', [X2]),
    ('mindspore.ops.hardsigmoid', '', 'ops.hardsigmoid', [X2]),
    ('mindspore.mint.nn.functional.hardsigmoid', '', 'mint.nn.functional.hardsigmoid', [X2]),
    ('mindspore.ops.elu', '', 'ops.elu', [X2]),
    ('mindspore.ops.softplus', '', 'ops.softplus', [X2]),
    ('mindspore.mint.nn.functional.softplus', '', 'mint.nn.functional.softplus', [X2]),
    ('mindspore.ops.mish', '', 'ops.mish', [X2]),
    ('mindspore.mint.nn.functional.normalize', 'dim=1', 'lambda x: mint.nn.functional.normalize(x, dim=1)', [X2]),
]
STRUCTURAL = {'MakeTuple', 'TupleGetItem', 'Depend', 'Return', 'UpdateState', 'Load', 'MakeList', 'ListGetItem',
              'Partial', 'Switch', 'StopGradient', 'J', 'Shape', 'TensorShape'}
CNODE_RE = re.compile(r'^\s*%\d+\([^)]*\)\s*=\s*(?:PrimFunc_)?([A-Z]\w*)\(', re.M)


def _child(expr: str, shapes: list[str], dump: str) -> dict:
    src = ('import numpy as np\nimport mindspore as ms\nfrom mindspore import ops, mint, nn\nT = ms.Tensor\n'
           'ms.set_context(mode=ms.GRAPH_MODE)\nms.set_device("CPU")\n'
           f'OP = {expr}\n'
           '@ms.jit\ndef f(*a):\n    return OP(*a)\n'
           f'SHAPES = [{", ".join(shapes)}]\n'
           'args = [T(np.random.RandomState(0).uniform(0.5, 1.5, size=s).astype(np.float32)) for s in SHAPES]\n'
           'try:\n    f(*args)\nexcept Exception as e:\n    print("COMPILE_OR_RUN_ERROR", str(e).splitlines()[0][:200])\n')
    path = os.path.join(dump, 'api_case.py')
    with open(path, 'w') as fh:
        fh.write(src)
    env = dict(os.environ, MS_DEV_SAVE_GRAPHS='1', MS_DEV_SAVE_GRAPHS_PATH=os.path.join(dump, 'ir'), GLOG_v='3')
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=300, env=env, cwd=dump)
    files = sorted(glob.glob(os.path.join(dump, 'ir', '**', '*.ir'), recursive=True))
    pick = [f for f in files if 'add_attr' in os.path.basename(f)] or files
    prims: list[str] = []
    if pick:
        with open(pick[0]) as fh:
            for name in CNODE_RE.findall(fh.read()):
                if name not in STRUCTURAL and name not in prims:
                    prims.append(name)
    err = [ln for ln in r.stdout.splitlines() if ln.startswith('COMPILE_OR_RUN_ERROR')]
    return {'prims': prims, 'ir': os.path.basename(pick[0]) if pick else None,
            'run_error': err[0][len('COMPILE_OR_RUN_ERROR '):] if err else ''}


def probe_api(item) -> dict:
    api, cond, expr, shapes = item
    with tempfile.TemporaryDirectory(prefix='ms_scan_ir_') as tmp:
        try:
            res = _child(expr, shapes, tmp)
        except subprocess.TimeoutExpired:
            res = {'prims': [], 'ir': None, 'run_error': 'timeout'}
    print(f'{api:45} {cond:30} {res["prims"]} {res["run_error"][:60]}', file=sys.stderr, flush=True)
    return {'api': api, 'cond': cond, **res}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--out', default=os.path.join(HERE, '2.10', 'api_primitives.csv'))
    args = ap.parse_args(argv)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        results = list(ex.map(probe_api, APIS))
    rows = []
    for r in results:
        stage = re.sub(r'_\d+\.ir$', '', r['ir'] or '')
        ev = f'graph-ir:{stage}' if r['prims'] else 'none'
        if r['run_error']:
            ev += ' (cpu run: ' + r['run_error'][:80].replace(',', ';') + ')'
        for p in r['prims'] or ['']:
            rows.append((r['api'], r['cond'], p, ev))
    with open(args.out, 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['ms_api', 'args_condition', 'primitive', 'evidence'])
        w.writerows(rows)
    print(json.dumps({'apis': len(APIS), 'rows': len(rows)}), file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
