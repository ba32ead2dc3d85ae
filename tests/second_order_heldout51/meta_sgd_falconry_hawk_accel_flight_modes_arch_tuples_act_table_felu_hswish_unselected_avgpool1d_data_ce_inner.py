"""Meta-SGD (Li et al., 2017) for few-shot flight-mode recognition from falcon backpack loggers.

Every task is one bird / one hunting session: tri-axial accelerometer windows labelled as
flapping, soaring, gliding, stooping or perched.  Meta-SGD meta-learns the initial weights
and a per-parameter inner learning rate (one alpha tensor of the same shape as each weight).
The network is a plain functional MLP whose layout is the ARCH tuple list below.
"""
import argparse
import math
from collections import OrderedDict

import torch
import torch.nn.functional as F

# (kind, *args); "act" entries name a key of ACTS
ARCH = [
    ("linear", 3 * 8 + 3, 48),
    ("act", "elu"),
    ("linear", 48, 48),
    ("act", "elu"),
    ("linear", 48, 5),
]

ACTS = {
    "elu": F.elu,
    "relu": F.relu,
    "hardswish": F.hardswish,
}

MODES = ("flapping", "soaring", "gliding", "stooping", "perched")


def window_features(acc, smooth=4):
    """acc: (N, 3, T) raw g-units -> (N, 27): 8 posture segments per axis + ODBA per axis."""
    static = F.avg_pool1d(acc, kernel_size=smooth, stride=smooth)
    dynamic = acc - static.repeat_interleave(smooth, dim=-1)
    n, c, t = static.shape
    posture = static.view(n, c, 8, t // 8).mean(-1).flatten(1)
    odba = dynamic.abs().mean(-1)
    return torch.cat([posture, odba], dim=1)


def sample_task(n_way, k_shot, q_query, T=64, gen=None):
    """Synthetic session: each mode has its own wingbeat frequency, amplitude and body pitch."""
    freqs = 2.0 + 6.0 * torch.rand(n_way, generator=gen)
    amps = 0.2 + torch.rand(n_way, 3, generator=gen)
    pitch = torch.randn(n_way, 3, generator=gen) * 0.5
    t = torch.linspace(0, 1, T)

    def draw(n):
        y = torch.arange(n_way).repeat_interleave(n)
        phase = 2 * math.pi * torch.rand(len(y), 1, 1, generator=gen)
        wave = torch.sin(2 * math.pi * freqs[y].view(-1, 1, 1) * t + phase)
        acc = pitch[y].unsqueeze(-1) + amps[y].unsqueeze(-1) * wave
        acc = acc + 0.1 * torch.randn(acc.shape, generator=gen)
        return window_features(acc), y

    xs, ys = draw(k_shot)
    xq, yq = draw(q_query)
    return xs, ys, xq, yq


def init_params(arch):
    params = OrderedDict()
    for i, layer in enumerate(arch):
        if layer[0] != "linear":
            continue
        _, fan_in, fan_out = layer
        w = torch.empty(fan_out, fan_in)
        torch.nn.init.kaiming_uniform_(w, a=math.sqrt(5))
        params[f"l{i}.weight"] = w.requires_grad_()
        params[f"l{i}.bias"] = torch.zeros(fan_out, requires_grad=True)
    return params


def forward(params, x, arch=ARCH):
    h = x
    for i, layer in enumerate(arch):
        if layer[0] == "linear":
            h = F.linear(h, params[f"l{i}.weight"], params[f"l{i}.bias"])
        elif layer[0] == "act":
            h = ACTS[layer[1]](h)
    return h


def adapt(params, alphas, xs, ys, steps, create_graph):
    fast = params
    for _ in range(steps):
        support_loss = F.cross_entropy(forward(fast, xs), ys)
        grads = torch.autograd.grad(support_loss, list(fast.values()), create_graph=create_graph)
        fast = OrderedDict((k, w - alphas[k] * g) for (k, w), g in zip(fast.items(), grads))
    return fast


def evaluate(params, alphas, args, gen):
    accs = []
    for _ in range(args.eval_tasks):
        xs, ys, xq, yq = sample_task(len(MODES), args.shots, args.queries, gen=gen)
        fast = adapt(params, alphas, xs, ys, args.inner_steps, create_graph=False)
        with torch.no_grad():
            accs.append((forward(fast, xq).argmax(-1) == yq).float().mean().item())
    return sum(accs) / len(accs)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--iterations", type=int, default=4)
    p.add_argument("--meta-batch", type=int, default=3)
    p.add_argument("--shots", type=int, default=4)
    p.add_argument("--queries", type=int, default=6)
    p.add_argument("--inner-steps", type=int, default=1)
    p.add_argument("--init-alpha", type=float, default=0.05)
    p.add_argument("--meta-lr", type=float, default=1e-3)
    p.add_argument("--first-order", action="store_true")
    p.add_argument("--eval-tasks", type=int, default=2)
    args = p.parse_args()

    gen = torch.Generator().manual_seed(7)
    params = init_params(ARCH)
    alphas = OrderedDict((k, torch.full_like(v, args.init_alpha).requires_grad_()) for k, v in params.items())
    meta_opt = torch.optim.Adam(list(params.values()) + list(alphas.values()), lr=args.meta_lr)

    for it in range(args.iterations):
        meta_opt.zero_grad()
        meta_loss = 0.0
        for _ in range(args.meta_batch):
            xs, ys, xq, yq = sample_task(len(MODES), args.shots, args.queries, gen=gen)
            fast = adapt(params, alphas, xs, ys, args.inner_steps, create_graph=not args.first_order)
            logp = F.log_softmax(forward(fast, xq), dim=-1)
            query_loss = F.nll_loss(logp, yq)
            (query_loss / args.meta_batch).backward()
            meta_loss += query_loss.item() / args.meta_batch
        meta_opt.step()
        mean_alpha = torch.cat([a.detach().flatten() for a in alphas.values()]).mean().item()
        print(f"it {it} meta-loss {meta_loss:.4f} mean alpha {mean_alpha:.4f}")

    print(f"held-out session accuracy {evaluate(params, alphas, args, gen):.3f}")


if __name__ == "__main__":
    main()
