"""Broken-wire detection on aerial-ropeway haul ropes from magnetic-flux-leakage (MFL) scans.

The detector is trained with a flatness regulariser: a Hutchinson estimate of the trace of the
Hessian of the training loss w.r.t. the weights is added to the loss (lambda * tr(H)), which the
ropeway inspectors found to transfer better between rope diameters.  The settings are an INI file
(the inspection company's tooling writes INI); a copy of the default file is embedded below and is
used when ``--settings`` is not given.
"""
import argparse
import configparser
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

log = logging.getLogger("rope_mfl")

DEFAULT_SETTINGS = """
; rope_mfl.ini -- defaults for the 2024 inspection season
[paths]
scan_root = /tmp/rope_scans
report_dir = /tmp/rope_reports

[data]
channels = 3            ; axial / radial / tangential MFL
window = 96             ; samples per 0.5 m of rope
batch_size = 24
defect_rate = 0.2
detrend_kernel = 15

[model]
width = 16
activation = relu6      ; relu6 | leaky | softsign
pool = mean             ; mean | max
dropout = 0.0

[loss]
task = bce_logits
pos_weight = 4.0

[regularizer]
hessian_trace_weight = 0.02
hutchinson_samples = 1

[train]
lr = 0.002
steps = 4
seed = 11
log_every = 1
"""


class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


def _coerce(raw):
    for cast in (int, float):
        try:
            return cast(raw)
        except ValueError:
            pass
    return {"true": True, "yes": True, "false": False, "no": False}.get(raw.lower(), raw)


def load_settings(path=None):
    parser = configparser.ConfigParser(inline_comment_prefixes=(";",))
    if path:
        parser.read(path)
    else:
        parser.read_string(DEFAULT_SETTINGS)
    return AttrDict({sec: AttrDict({k: _coerce(v) for k, v in parser[sec].items()}) for sec in parser.sections()})


ACTIVATIONS = {
    "relu6": nn.ReLU6,
    "leaky": nn.LeakyReLU,
    "softsign": nn.Softsign,
}


class GlobalMaxPool(nn.Module):
    def forward(self, h):
        return F.adaptive_max_pool1d(h, 1).squeeze(-1)


class GlobalMeanPool(nn.Module):
    def forward(self, h):
        return h.mean(dim=-1)


class RopeDefectNet(nn.Module):
    def __init__(self, s):
        super().__init__()
        act_cls = ACTIVATIONS[s.model.activation]
        w = s.model.width
        self.body = nn.Sequential(
            nn.Conv1d(s.data.channels, w, 9, padding=4), act_cls(),
            nn.Conv1d(w, 2 * w, 9, padding=4, stride=2), act_cls(),
            nn.Conv1d(2 * w, 2 * w, 5, padding=2), act_cls(),
        )
        self.pool = GlobalMaxPool() if s.model.pool == "max" else GlobalMeanPool()
        self.head = nn.Linear(2 * w, 1)

    def forward(self, scan):
        return self.head(self.pool(self.body(scan))).squeeze(-1)


@torch.no_grad()
def detrend(scan, kernel):
    """Remove the slowly varying lift-off component (data preprocessing, before the network)."""
    trend = F.avg_pool1d(F.pad(scan, (kernel // 2, kernel // 2), mode="replicate"), kernel, stride=1)
    return scan - trend


def synthetic_scans(s, gen):
    n, c, L = s.data.batch_size, s.data.channels, s.data.window
    labels = (torch.rand(n, generator=gen) < s.data.defect_rate).float()
    pos = torch.randint(10, L - 10, (n,), generator=gen)
    t = torch.arange(L).float()
    dipole = torch.exp(-((t - pos.view(-1, 1).float()) ** 2) / 6.0) * (t - pos.view(-1, 1).float())
    scan = 0.2 * torch.randn(n, c, L, generator=gen) + 0.5 * torch.linspace(0, 1, L)
    scan = scan + labels.view(-1, 1, 1) * dipole.unsqueeze(1) * torch.tensor([1.0, 0.6, 0.3]).view(1, -1, 1)
    return detrend(scan, s.data.detrend_kernel), labels


def hutchinson_trace(loss, params, n_samples):
    grads = torch.autograd.grad(loss, params, create_graph=True)
    trace = 0.0
    for _ in range(n_samples):
        vs = [torch.randint_like(p, 2) * 2.0 - 1.0 for p in params]
        hvs = torch.autograd.grad(grads, params, grad_outputs=vs, create_graph=True)
        trace = trace + sum((v * hv).sum() for v, hv in zip(vs, hvs)) / n_samples
    return trace


def train(s):
    torch.manual_seed(s.train.seed)
    gen = torch.Generator().manual_seed(s.train.seed)
    net = RopeDefectNet(s)
    log.info("activation=%s pool=%s", s.model.activation, type(net.pool).__name__)
    params = [p for p in net.parameters() if p.requires_grad]
    opt = torch.optim.Adam(params, lr=s.train.lr)
    pos_weight = torch.tensor(s.loss.pos_weight)
    for step in range(s.train.steps):
        scans, labels = synthetic_scans(s, gen)
        logits = net(scans)
        task = F.binary_cross_entropy_with_logits(logits, labels, pos_weight=pos_weight)
        tr_h = hutchinson_trace(task, params, s.regularizer.hutchinson_samples)
        loss = task + s.regularizer.hessian_trace_weight * tr_h
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % s.train.log_every == 0:
            log.info("step %d bce %.4f tr(H) %.4f |g head| %.3e", step, task.item(), tr_h.item(),
                     net.head.weight.grad.norm().item())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--settings", default=None, help="INI file; default: embedded rope_mfl.ini")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    train(load_settings(args.settings))


if __name__ == "__main__":
    main()
